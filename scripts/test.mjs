#!/usr/bin/env node
// `npm test`: unit + service tests (Vitest), then browser tests (Playwright in Debian's Chromium).
// Suites that need Chromium, PostgreSQL, Redis or S3 run when those are present and say loudly when skipped.
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'

const run = (cmd, args) =>
  spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' } }).status ??
  1

const banner = (text) => console.log(`\n${'!'.repeat(78)}\n!! ${text}\n${'!'.repeat(78)}\n`)

for (const [name, variable] of [
  ['PostgreSQL', 'TEST_DATABASE_URL'],
  ['Redis/BullMQ', 'TEST_REDIS_URL'],
  ['S3 (real server)', 'TEST_S3_ENDPOINT'],
]) {
  if (!process.env[variable]) banner(`SKIPPED: ${name} scale-mode suites (set ${variable}; .ci/run does)`)
}

let status = run('npx', ['vitest', 'run'])
if (status !== 0) process.exit(status)

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
if (!existsSync(chromium)) {
  banner(`SKIPPED: browser tests — no Chromium at ${chromium} (apt-get install chromium; .ci/run does)`)
  process.exit(0)
}
status = run('node', ['scripts/e2e.mjs'])
process.exit(status)

#!/usr/bin/env node
// `npm test`: unit + service tests (Vitest), then browser tests (Playwright in Debian's Chromium).
// Scale-mode suites run when TEST_DATABASE_URL / TEST_REDIS_URL / TEST_S3_ENDPOINT are set (.ci/run sets
// the first two) and say loudly when skipped. The last line says what passed and what was skipped.
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'

const env = { ...process.env, NEXT_TELEMETRY_DISABLED: '1' }
const run = (cmd, args) => spawnSync(cmd, args, { stdio: 'inherit', env }).status ?? 1
const banner = (text) => console.log(`\n${'!'.repeat(78)}\n!! ${text}\n${'!'.repeat(78)}\n`)
const t0 = Date.now()
const skipped = []
const finish = (status, what) => {
  const seconds = ((Date.now() - t0) / 1000).toFixed(0)
  const tail = skipped.length ? `; SKIPPED: ${skipped.join(', ')}` : '; nothing skipped'
  console.log(`\nnpm test: ${status === 0 ? 'PASSED' : `FAILED (${what})`} in ${seconds} s${tail}`)
  process.exit(status)
}

for (const [name, variable] of [
  ['PostgreSQL', 'TEST_DATABASE_URL'],
  ['Redis/BullMQ', 'TEST_REDIS_URL'],
  ['S3 (real server)', 'TEST_S3_ENDPOINT'],
]) {
  if (!process.env[variable]) {
    banner(`SKIPPED: ${name} scale-mode suites (set ${variable}; .ci/run does)`)
    skipped.push(`${name} suites (${variable} unset)`)
  }
}

const status = run('npx', ['vitest', 'run'])
if (status !== 0) finish(status, 'unit/service tests')

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
if (!existsSync(chromium)) {
  banner(`SKIPPED: browser tests — no Chromium at ${chromium} (apt-get install chromium; .ci/run does)`)
  skipped.push('browser tests (no Chromium)')
  finish(0)
}
if (!existsSync('e2e/playwright.config.ts')) {
  banner('SKIPPED: browser tests — e2e/playwright.config.ts does not exist (the web app owns e2e/)')
  skipped.push('browser tests (no e2e/playwright.config.ts)')
  finish(0)
}
finish(run('node', ['scripts/e2e.mjs']), 'browser tests')

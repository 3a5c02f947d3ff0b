#!/usr/bin/env node
// Browser tests: builds the web app if needed, then runs Playwright against Debian's Chromium (the
// Playwright config in e2e/ starts the product). Extra arguments go to `playwright test`.
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'

const env = { ...process.env, NEXT_TELEMETRY_DISABLED: '1' }
const run = (cmd, args) => spawnSync(cmd, args, { stdio: 'inherit', env }).status ?? 1
const config = 'e2e/playwright.config.ts'

if (!existsSync(config)) {
  console.error(`e2e: ${config} is missing — no browser tests to run`)
  process.exit(1)
}
let status = run('node', ['scripts/build-web.mjs'])
if (status !== 0) process.exit(status)
status = run('npx', ['playwright', 'test', '--config', config, ...process.argv.slice(2)])
process.exit(status)

#!/usr/bin/env node
// Browser tests: builds the web app if needed, then runs Playwright (its global setup starts the product).
import { spawnSync } from 'node:child_process'

const env = { ...process.env, NEXT_TELEMETRY_DISABLED: '1' }
const run = (cmd, args) => spawnSync(cmd, args, { stdio: 'inherit', env }).status ?? 1

let status = run('node', ['scripts/build-web.mjs'])
if (status !== 0) process.exit(status)
status = run('npx', ['playwright', 'test', '--config', 'e2e/playwright.config.ts', ...process.argv.slice(2)])
process.exit(status)

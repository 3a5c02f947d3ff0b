#!/usr/bin/env node
/**
 * `npm run bench:studio` (issue 31): builds the web app if needed, then runs e2e/bench/studio.bench.ts in Playwright against
 * the production build and the real backend (e2e global set-up). Ports: the E2E_* variables (e2e/support/env.ts);
 * unset, this bench uses 3790/4790/4890/4990/5090 so it does not meet a browser test run. BENCH_STUDIO_RUNS=N.
 */
import { spawnSync } from 'node:child_process'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..')
const env = {
  E2E_WEB_PORT: '3790',
  E2E_API_PORT: '4790',
  E2E_SSO_PORT: '4890',
  E2E_FLAGS_PORT: '4990',
  E2E_GOOGLE_JWKS_PORT: '5090',
  ...process.env,
  NEXT_TELEMETRY_DISABLED: '1',
}
const run = (cmd, args) => spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env }).status ?? 1

let status = run(process.execPath, [path.join(root, 'scripts', 'build-web.mjs')])
if (status !== 0) process.exit(status)
status = run('npx', ['playwright', 'test', '--config', 'e2e/bench/playwright.studio.config.ts'])
process.exit(status)

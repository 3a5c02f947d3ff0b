#!/usr/bin/env node
// `npm start`: builds what is needed (the web app, skipped when unchanged; the backend bundle, ≈ 1 s), then runs
// the whole product in embedded mode — `loa serve all` (api, sso, flags, job runner; PGlite under ./data) from
// prebuilt JavaScript, and `next start` (apps/web) — prints the URLs once everything answers, and forwards
// Ctrl-C/SIGTERM to both for a clean stop.
import { spawn, spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { backendEnv, backendNodeArgs, buildBackend } from '../bin/loa/build.mjs'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const env = { ...process.env, NEXT_TELEMETRY_DISABLED: '1' }
const host = env.HOST || '127.0.0.1'
const ports = {
  web: Number(env.WEB_PORT || 3000),
  api: Number(env.API_PORT || 4000),
  sso: Number(env.SSO_PORT || 4100),
  flags: Number(env.FLAGS_PORT || 4200),
}
const t0 = Date.now()
const log = (msg) => console.log(`[start] ${msg}`)
// A data folder without a database: this is the first start, so the ready message says how to become the operator.
const firstStart = !existsSync(path.resolve(root, env.DATA_DIR || 'data', 'db'))
const adminEmails = (env.ADMIN_EMAILS || '').trim()
const operatorHint = () =>
  adminEmails
    ? `\nOperator: sign up (or sign in) at http://localhost:${ports.web} with ${adminEmails} and verify the\n` +
      `e-mail; the account gets the back-office roles at sign-in: http://localhost:${ports.web}/admin\n`
    : `\nTo become the operator (back-office at http://localhost:${ports.web}/admin): sign up, then either\n` +
      '  restart with ADMIN_EMAILS=you@example.com (a verified e-mail gets the roles at sign-in), or run\n' +
      '  npx loa sso user role add you@example.com loa-api admin  (and loa-flags admin for the flags screen)\n'

// 1. Build the web app (skipped when its sources did not change).
const build = spawnSync(process.execPath, [path.join(root, 'scripts', 'build-web.mjs')], {
  stdio: 'inherit',
  env,
})
const webBuilt = build.status === 0 && existsSync(path.join(root, 'apps', 'web', '.next', 'BUILD_ID'))
if (!webBuilt) log('the web app did not build: starting the backend services only (see the errors above)')

// The backend runs from a bundle (bin/loa/build.mjs): without tsx's transpiler in the process, with source maps,
// and with the allocator settings that return freed memory (docs/notes/issue-13.md). Should bundling fail, the
// same CLI runs on tsx, as the tests do.
let backend
try {
  backend = [...backendNodeArgs, (await buildBackend()).loa]
} catch (error) {
  log(`the backend did not bundle (${error instanceof Error ? error.message : error}): running it on tsx`)
  backend = [path.join(root, 'bin', 'loa', 'loa.mjs')]
}

// 2. Start the services. Each child gets its own process group so that a terminal Ctrl-C reaches them once,
// through us, and each stops gracefully (a second signal would make them exit at once).
const children = new Map()
const startChild = (name, args, cwd, childEnv = env) => {
  const child = spawn(process.execPath, args, { cwd, env: childEnv, stdio: 'inherit', detached: true })
  children.set(name, child)
  child.on('exit', (code, signal) => {
    children.delete(name)
    if (!stopping) {
      log(`${name} exited unexpectedly (${signal ?? `code ${code}`}); stopping the rest`)
      process.exitCode = code || 1
      stop('SIGTERM')
    } else if (children.size === 0) {
      log('stopped')
      process.exit(process.exitCode ?? 0)
    }
  })
}

let stopping = false
const stop = (signal) => {
  if (stopping && signal !== 'SIGKILL') {
    for (const child of children.values()) child.kill('SIGTERM') // second Ctrl-C: the children exit at once
    return
  }
  stopping = true
  if (children.size === 0) process.exit(process.exitCode ?? 0)
  for (const child of children.values()) child.kill(signal)
}
process.on('SIGINT', () => stop('SIGTERM'))
process.on('SIGTERM', () => stop('SIGTERM'))
process.on('SIGHUP', () => stop('SIGTERM'))

startChild('loa', [...backend, 'serve', 'all'], root, backendEnv(env))
if (webBuilt)
  startChild(
    'web',
    [
      path.join(root, 'node_modules', 'next', 'dist', 'bin', 'next'),
      'start',
      '-p',
      String(ports.web),
      '-H',
      host,
    ],
    path.join(root, 'apps', 'web'),
  )

// 3. Wait until every service answers, then print where they are.
const probe = async (url) => {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(2000), redirect: 'manual' })
    return res.status < 500
  } catch {
    return false
  }
}
const targets = [
  ...(webBuilt ? [['web', `http://localhost:${ports.web}`, `http://${host}:${ports.web}/`]] : []),
  ['api', `http://localhost:${ports.api}`, `http://${host}:${ports.api}/healthz`],
  ['sso', `http://localhost:${ports.sso}`, `http://${host}:${ports.sso}/healthz`],
  ['flags', `http://localhost:${ports.flags}`, `http://${host}:${ports.flags}/healthz`],
]
const deadline = Date.now() + 180_000
for (;;) {
  if (stopping) break
  const up = await Promise.all(targets.map(([, , url]) => probe(url)))
  if (up.every(Boolean)) {
    const lines = targets.map(([name, url]) => `  ${name.padEnd(6)}${url}`)
    console.log(
      `\nLoa is ready in ${((Date.now() - t0) / 1000).toFixed(1)} s:\n${lines.join('\n')}\n` +
        (webBuilt ? '' : '  web   NOT STARTED: the web app failed to build\n') +
        (firstStart ? operatorHint() : '') +
        '\nPress Ctrl-C to stop.\n',
    )
    break
  }
  if (Date.now() > deadline) {
    log(
      `not ready after 180 s: ${targets
        .filter((_, i) => !up[i])
        .map(([n]) => n)
        .join(', ')} not answering`,
    )
    break
  }
  await new Promise((resolve) => setTimeout(resolve, 500))
}

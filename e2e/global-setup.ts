import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync, mkdtempSync, openSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { startLoopbackIdentityProviders } from '../apps/sso/src/testing/idp/index.ts'
import { E2E, productEnv } from './support/env.ts'
import { startPiperRepository } from './support/piper-repository.ts'
import { startProviderForE2e } from './support/provider.ts'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
export const STATE_FILE = path.join(os.tmpdir(), `loa-e2e-${E2E.webPort}.json`)

const waitFor = async (
  url: string,
  what: string,
  child: ChildProcess,
  timeoutMs = 180_000,
): Promise<void> => {
  const deadline = Date.now() + timeoutMs
  let last = ''
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${what} exited with code ${child.exitCode} (see its log)`)
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(5_000) })
      if (response.ok) return
      last = `HTTP ${response.status}`
    } catch (error) {
      last = (error as Error).message
    }
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
  throw new Error(`${what} did not answer at ${url} within ${timeoutMs} ms (${last})`)
}

const start = (command: string, args: string[], cwd: string, env: Record<string, string>, log: string) => {
  const out = openSync(log, 'a')
  return spawn(command, args, {
    cwd,
    env: { ...process.env, ...env },
    stdio: ['ignore', out, out],
    detached: true,
  })
}

const portFree = async (port: number): Promise<boolean> => {
  try {
    await fetch(`http://localhost:${port}/`, { signal: AbortSignal.timeout(2_000) })
    return false
  } catch {
    return true
  }
}

/** Starts the backend (`loa serve all` on a temporary DATA_DIR) and the built web app on test ports. */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const webDir = path.join(root, 'apps', 'web')
  if (!existsSync(path.join(webDir, process.env.NEXT_DIST_DIR || '.next', 'BUILD_ID'))) {
    throw new Error(
      'apps/web is not built: run `npm run test:e2e` (it builds first) or `node scripts/build-web.mjs`',
    )
  }
  for (const port of [E2E.webPort, E2E.apiPort, E2E.ssoPort, E2E.flagsPort]) {
    if (!(await portFree(port))) {
      throw new Error(
        `port ${port} is already in use (another test run?): set E2E_WEB_PORT, E2E_API_PORT, E2E_SSO_PORT, E2E_FLAGS_PORT`,
      )
    }
  }
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'loa-e2e-data-'))
  // A loopback OpenAI-compatible voice provider (issue #26 §2): its voice is in the catalogue like any other.
  const { provider, env: providerEnv } = await startProviderForE2e(dataDir)
  // Google, Facebook, Zalo and a company OpenID provider, on their documented wires (social-sign-in.spec.ts).
  const idps = await startLoopbackIdentityProviders(E2E.ssoUrl, { googleClientId: E2E.googleClientId })
  // A loopback Piper voice repository: the /admin Voices screen installs from it (admin-voices.spec.ts).
  const repository = await startPiperRepository()
  const env = { ...productEnv(dataDir), ...providerEnv, ...idps.env, ...repository.env }
  const logDir = mkdtempSync(path.join(os.tmpdir(), 'loa-e2e-logs-'))
  const backend = start(
    process.execPath,
    [path.join(root, 'bin', 'loa', 'loa.mjs'), 'serve', 'all'],
    root,
    env,
    path.join(logDir, 'backend.log'),
  )
  const nextBin = path.join(root, 'node_modules', 'next', 'dist', 'bin', 'next')
  const web = start(
    process.execPath,
    [nextBin, 'start', '-p', String(E2E.webPort)],
    webDir,
    env,
    path.join(logDir, 'web.log'),
  )
  writeFileSync(STATE_FILE, JSON.stringify({ pids: [backend.pid, web.pid], dataDir, logDir }))
  console.log(`[e2e] product starting (data ${dataDir}, logs ${logDir})`)
  try {
    await Promise.all([
      waitFor(`${E2E.apiUrl}/healthz`, 'api', backend),
      waitFor(`${E2E.ssoUrl}/.well-known/openid-configuration`, 'sso', backend),
      waitFor(`${E2E.flagsUrl}/api/features/sdk-loa-web`, 'flags', backend),
      waitFor(`${E2E.webUrl}/`, 'web', web),
    ])
  } catch (error) {
    // Playwright skips the teardown when the setup fails: stop what was started here.
    for (const child of [backend, web]) {
      try {
        if (child.pid) process.kill(-child.pid, 'SIGTERM')
      } catch {
        // already gone
      }
    }
    await provider.close()
    await idps.close()
    await repository.close()
    throw error
  }
  process.env.E2E_DATA_DIR = dataDir
  console.log('[e2e] product ready')
  // Playwright calls this after the run (before global-teardown.ts stops the product).
  return async () => {
    await Promise.all([provider.close(), idps.close(), repository.close()])
  }
}

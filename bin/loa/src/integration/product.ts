/**
 * The composed product for integration tests: `loa serve all` on a temporary DATA_DIR and free loopback ports,
 * and a developer (signed up through the SSO's real form) with an API app.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { freePort, signUpOverHttp } from '@loa/sso/testing'

const loa = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'loa.mjs')
export const WEB = 'http://localhost:3000'

export interface Product {
  apiUrl: string
  ssoUrl: string
  dataDir: string
  /** What the product printed so far. */
  output: () => string
  stop: () => Promise<void>
}

/**
 * Starts `loa serve all` with `env` (the caller's environment and its additions); resolves once it prints that it
 * runs (jobs included).
 */
export const startProduct = async (env: Record<string, string | undefined>): Promise<Product> => {
  const ports = { api: await freePort(), sso: await freePort(), flags: await freePort() }
  const apiUrl = `http://127.0.0.1:${ports.api}`
  const ssoUrl = `http://127.0.0.1:${ports.sso}`
  const dataDir = mkdtempSync(path.join(tmpdir(), 'loa-product-'))
  let output = ''
  const child: ChildProcess = spawn(process.execPath, [loa, 'serve', 'all'], {
    env: {
      ...env,
      DATA_DIR: dataDir,
      API_PORT: String(ports.api),
      SSO_PORT: String(ports.sso),
      FLAGS_PORT: String(ports.flags),
      API_PUBLIC_URL: apiUrl,
      SSO_PUBLIC_URL: ssoUrl,
      FLAGS_PUBLIC_URL: `http://127.0.0.1:${ports.flags}`,
      WEB_PUBLIC_URL: WEB,
      LOG_LEVEL: env.LOG_LEVEL ?? 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  child.stdout!.on('data', (c: Buffer) => (output += c.toString()))
  child.stderr!.on('data', (c: Buffer) => (output += c.toString()))
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve))
      child.kill('SIGINT')
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 20_000))])
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
    }
    rmSync(dataDir, { recursive: true, force: true })
  }
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`not ready in time:\n${output}`)), 280_000)
    child.stdout!.on('data', () => {
      if (/Loa is running[\s\S]*jobs/.test(output)) {
        clearTimeout(timer)
        resolve()
      }
    })
    child.on('exit', (code) => reject(new Error(`loa serve all exited with ${code}:\n${output}`)))
  }).catch(async (error) => {
    await stop()
    throw error
  })
  return { apiUrl, ssoUrl, dataDir, output: () => output, stop }
}

export interface DeveloperApp {
  appId: string
  token: string
  tokenExpiresAt: string | null
  callbackSecret: string
  /** The developer's SSO access token (console calls). */
  accessToken: string
}

/** Signs a developer up through the SSO's form and creates an API app for them. */
export const createDeveloperApp = async (
  product: Pick<Product, 'apiUrl' | 'ssoUrl'>,
  app: { name: string; expires_in_days?: number; callback_url?: string },
): Promise<DeveloperApp> => {
  const { access_token: accessToken } = await signUpOverHttp({
    ssoUrl: product.ssoUrl,
    redirectUri: `${WEB}/console/apps`,
    origin: WEB,
    name: 'Nhà Phát Triển',
  })
  const created = await fetch(`${product.apiUrl}/api/v1/api-apps`, {
    method: 'POST',
    headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' },
    body: JSON.stringify(app),
  })
  if (created.status !== 200) throw new Error(`api-apps answered ${created.status}: ${await created.text()}`)
  const { result } = (await created.json()) as {
    result: {
      app: { app_id: string; token_expires_at: string | null; callback_secret: string }
      token: string
    }
  }
  return {
    appId: result.app.app_id,
    token: result.token,
    tokenExpiresAt: result.app.token_expires_at,
    callbackSecret: result.app.callback_secret,
    accessToken,
  }
}

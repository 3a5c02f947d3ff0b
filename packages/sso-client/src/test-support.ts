/**
 * Test support (not exported from the package): unsigned JWTs and a scripted stand-in for the SSO's HTTP
 * answers (the SSO is a separate service), plus an environment that records navigation in jsdom.
 */
import { base64UrlEncode } from './base64url.ts'
import type { LoginChallengeRecord } from './challenge-cookie.ts'
import type { SsoConfig } from './config.ts'
import type { SsoEnvironment } from './environment.ts'

const encodeJson = (value: unknown): string =>
  base64UrlEncode(new TextEncoder().encode(JSON.stringify(value)))

export function makeJwt(claims: Record<string, unknown>): string {
  return `${encodeJson({ alg: 'RS256', typ: 'JWT', kid: 'test' })}.${encodeJson(claims)}.c2lnbmF0dXJl`
}

export const nowSeconds = (): number => Math.floor(Date.now() / 1000)

/** A login-challenge record of the web client (fields overridable). */
export const testRecord = (overrides: Partial<LoginChallengeRecord> = {}): LoginChallengeRecord => ({
  codeVerifier: 'v'.repeat(43),
  clientId: 'loa-web',
  redirectUri: 'http://localhost:3000/studio',
  state: 'state-1',
  nonce: 'nonce-1',
  createdAt: 1,
  ...overrides,
})

/** A token set as the SSO answers it; `lifetime` seconds from `iat` (default now). */
export function tokenAnswer(
  options: { sub?: string; lifetime?: number; iat?: number; nonce?: string; roles?: string[] } = {},
): {
  status: number
  message: string
  result: { access_token: string; refresh_token: string; id_token: string }
} {
  const iat = options.iat ?? nowSeconds()
  const exp = iat + (options.lifetime ?? 300)
  const sub = options.sub ?? 'user-1'
  return {
    status: 1,
    message: 'ok',
    result: {
      access_token: makeJwt({
        iat,
        exp,
        sub,
        sid: 'session-1',
        realm_access: { roles: ['user'] },
        resource_access: {
          'loa-web': { roles: options.roles ?? ['viewer'] },
          'loa-api': { roles: ['admin'] },
        },
      }),
      refresh_token: makeJwt({ iat, exp: iat + 3600, sub, typ: 'Refresh' }),
      id_token: makeJwt({
        iat,
        exp,
        sub,
        aud: 'loa-web',
        ...(options.nonce ? { nonce: options.nonce } : {}),
      }),
    },
  }
}

export interface RecordedRequest {
  url: string
  path: string
  init: RequestInit
  body: unknown
}

type Responder = (request: RecordedRequest) => Response | Promise<Response>

export const json = (status: number, body: unknown): Response =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })

/** Scripted SSO answers by path; every request is recorded. Unscripted paths answer 404. */
export class ScriptedSso {
  readonly requests: RecordedRequest[] = []
  private readonly routes = new Map<string, Responder>()

  on(path: string, responder: Responder): this {
    this.routes.set(path, responder)
    return this
  }

  calls(path: string): RecordedRequest[] {
    return this.requests.filter((r) => r.path === path)
  }

  fetch = async (input: string, init: RequestInit): Promise<Response> => {
    const url = new URL(input)
    const request: RecordedRequest = {
      url: input,
      path: url.pathname,
      init,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
    }
    this.requests.push(request)
    const responder = this.routes.get(url.pathname)
    return responder ? responder(request) : json(404, { status: 0 })
  }
}

export const TEST_CONFIG: SsoConfig = {
  clientId: 'loa-web',
  ssoUrl: 'http://localhost:4100',
  ssoApiUrl: 'http://localhost:4100',
  clientDomain: 'localhost:3000',
  options: { autoLogin: false, useSSO: true },
}

export interface RecordingEnvironment extends Partial<SsoEnvironment> {
  redirects: string[]
  reloads: number
  errors: unknown[][]
  warnings: unknown[][]
}

/** Real jsdom cookies, history, localStorage and BroadcastChannel; navigation and logging are recorded. */
export function recordingEnvironment(
  sso: ScriptedSso,
  extra: Partial<SsoEnvironment> = {},
): RecordingEnvironment {
  const env: RecordingEnvironment = {
    redirects: [],
    reloads: 0,
    errors: [],
    warnings: [],
    fetch: sso.fetch,
    redirect: (url) => {
      env.redirects.push(url)
    },
    reload: () => {
      env.reloads += 1
    },
    logger: {
      error: (...args: unknown[]) => {
        env.errors.push(args)
      },
      warn: (...args: unknown[]) => {
        env.warnings.push(args)
      },
    },
    ...extra,
  }
  return env
}

/** Resets the jsdom page between tests: address, cookies, localStorage. */
export function resetPage(path = '/'): void {
  window.history.replaceState(null, '', path)
  for (const part of document.cookie.split(';')) {
    const name = part.split('=')[0]?.trim()
    if (name) document.cookie = `${name}=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT`
  }
  window.localStorage.clear()
}

export const flush = (ms = 0): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms))

/** Waits until `predicate` holds (polling), failing after `timeoutMs`. */
export async function waitFor(predicate: () => boolean, timeoutMs = 3000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (!predicate()) {
    if (Date.now() > deadline) throw new Error('condition not reached in time')
    await flush(5)
  }
}

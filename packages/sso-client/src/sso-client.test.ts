// @vitest-environment jsdom
import { createHash } from 'node:crypto'
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import type { TokenSet } from './auth-state.ts'
import {
  pkceCookieName,
  readChallengeRecord,
  saveChallengeRecord,
  type LoginChallengeRecord,
} from './challenge-cookie.ts'
import type { SsoConfig } from './config.ts'
import { SSO_CONFIG_MISSING_MESSAGE } from './constants.ts'
import type { SsoEnvironment } from './environment.ts'
import { isAuthenticationError, SsoClient } from './sso-client.ts'
import type { LockManagerLike } from './refresh-lock.ts'
import {
  flush,
  json,
  nowSeconds,
  recordingEnvironment,
  resetPage,
  ScriptedSso,
  TEST_CONFIG,
  testRecord,
  tokenAnswer,
  waitFor,
  type RecordingEnvironment,
} from './test-support.ts'

const REFRESH = '/api/v1/auth/refresh-token'
const TOKEN = '/api/v1/oauth/token'
const LOGOUT = '/api/v1/logout'
const ONE_TAP = '/api/v1/auth/google-one-tap'
const COOKIE = pkceCookieName('loa-web', 'localhost:3000')

const documentJar = {
  read: () => document.cookie,
  write: (cookie: string) => {
    document.cookie = cookie
  },
}

const stops: Array<() => void> = []

beforeEach(() => resetPage('/'))

afterEach(() => {
  while (stops.length) stops.pop()?.()
  vi.useRealTimers()
})

function setup(
  options: { config?: Partial<SsoConfig>; sso?: ScriptedSso; env?: Partial<SsoEnvironment> } = {},
): { client: SsoClient; sso: ScriptedSso; env: RecordingEnvironment; start: () => void } {
  const sso = options.sso ?? new ScriptedSso()
  const env = recordingEnvironment(sso, options.env)
  const config = { ...TEST_CONFIG, ...options.config } as SsoConfig
  const client = new SsoClient(config, env)
  return { client, sso, env, start: () => void stops.push(client.start()) }
}

function saveRecord(overrides: Partial<LoginChallengeRecord> = {}): LoginChallengeRecord {
  const record = testRecord({ createdAt: Date.now(), ...overrides })
  saveChallengeRecord(documentJar, { name: COOKIE, domain: undefined, secure: false }, record)
  return record
}

const hasRecord = (): boolean => readChallengeRecord(documentJar, COOKIE) !== undefined

describe('configuration and initial state', () => {
  test.each(['clientId', 'ssoUrl', 'ssoApiUrl', 'clientDomain', 'options'] as const)(
    'missing %s throws the spec message',
    (field) => {
      const config: Record<string, unknown> = { ...TEST_CONFIG }
      delete config[field]
      expect(() => new SsoClient(config as unknown as SsoConfig)).toThrow(SSO_CONFIG_MISSING_MESSAGE)
      expect(() => new SsoClient({ ...TEST_CONFIG, [field]: '' } as unknown as SsoConfig)).toThrow(
        SSO_CONFIG_MISSING_MESSAGE,
      )
    },
  )

  test('starts not initialized and not authenticated', () => {
    const { client } = setup()
    expect(client.getSnapshot().auth).toEqual({ initialized: false, authenticated: false, timeSkew: null })
  })

  test('with useSSO off nothing is requested and the state is initialized, signed out', async () => {
    const { client, sso, start } = setup({ config: { options: { autoLogin: true, useSSO: false } } })
    start()
    expect(await client.ready()).toBe(false)
    expect(sso.requests).toHaveLength(0)
    expect(client.getSnapshot().auth).toMatchObject({ initialized: true, authenticated: false })
  })
})

describe('on load: refresh (no code, no error)', () => {
  test('POSTs {clientId} with credentials; success decodes the tokens, sets the bearer header, removes the challenge cookie', async () => {
    saveRecord()
    const answer = tokenAnswer({ sub: 'user-7' })
    const { client, sso, start } = setup({ sso: new ScriptedSso().on(REFRESH, () => json(200, answer)) })
    const seen: Array<TokenSet | null> = []
    client.onTokens((tokens) => seen.push(tokens))
    start()
    expect(await client.ready()).toBe(true)
    const [call] = sso.calls(REFRESH)
    expect(call?.url).toBe(`http://localhost:4100${REFRESH}`)
    expect(call?.body).toEqual({ clientId: 'loa-web' })
    expect(call?.init.credentials).toBe('include')
    const auth = client.getSnapshot().auth
    expect(auth).toMatchObject({
      initialized: true,
      authenticated: true,
      subject: 'user-7',
      token: answer.result.access_token,
      refreshToken: answer.result.refresh_token,
      idToken: answer.result.id_token,
      realmAccess: { roles: ['user'] },
      resourceAccess: { 'loa-web': { roles: ['viewer'] }, 'loa-api': { roles: ['admin'] } },
    })
    expect(auth.tokenParsed?.sub).toBe('user-7')
    expect(auth.refreshTokenParsed?.typ).toBe('Refresh')
    expect(auth.idTokenParsed?.aud).toBe('loa-web')
    expect(Math.abs(auth.timeSkew ?? 99)).toBeLessThanOrEqual(1)
    expect(client.getAuthorizationHeader()).toBe(`Bearer ${answer.result.access_token}`)
    expect(seen).toEqual([
      {
        accessToken: answer.result.access_token,
        refreshToken: answer.result.refresh_token,
        idToken: answer.result.id_token,
      },
    ])
    expect(hasRecord()).toBe(false)
  })

  test('a non-1 status fails with "Failed to get token from refresh token": logged, initialized, signed out', async () => {
    saveRecord()
    const { client, env, start } = setup({
      sso: new ScriptedSso().on(REFRESH, () => json(200, { status: 0, message: 'no session' })),
    })
    start()
    expect(await client.ready()).toBe(false)
    expect(client.getSnapshot()).toEqual({
      auth: { initialized: true, authenticated: false, timeSkew: null },
      error: 'Failed to get token from refresh token',
    })
    expect(env.errors).toEqual([['Failed to get token from refresh token']])
    expect(env.redirects).toEqual([])
    expect(client.getAuthorizationHeader()).toBeUndefined()
    expect(hasRecord()).toBe(true)
  })

  test('an HTTP failure is logged with the HTTP client message', async () => {
    const { client, env, start } = setup({
      sso: new ScriptedSso().on(REFRESH, () => json(401, { status: 0 })),
    })
    start()
    await client.ready()
    expect(env.errors).toEqual([['Request failed with status code 401']])
    expect(client.getSnapshot().auth.initialized).toBe(true)
  })

  test('a failure without a message is logged as "Refresh token failed"', async () => {
    const { client, env, start } = setup({
      sso: new ScriptedSso().on(REFRESH, () => {
        throw new Error('')
      }),
    })
    start()
    await client.ready()
    expect(env.errors).toEqual([['Refresh token failed']])
    expect(client.getSnapshot().error).toBe('Refresh token failed')
  })

  test('autoLogin: a failed refresh redirects to login, returning to the current page', async () => {
    window.history.replaceState(null, '', '/studio?tab=1')
    const { client, env, start } = setup({
      config: { options: { autoLogin: true, useSSO: true } },
      sso: new ScriptedSso().on(REFRESH, () => json(401, { status: 0 })),
    })
    start()
    await client.ready()
    await waitFor(() => env.redirects.length === 1)
    const url = new URL(env.redirects[0]!)
    expect(`${url.origin}${url.pathname}`).toBe('http://localhost:4100/authorize')
    expect(url.searchParams.get('action')).toBe('login')
    expect(url.searchParams.get('redirectUri')).toBe('http://localhost:3000/studio')
  })

  test('autoLogin: with action=signup in the address the redirect is to signup', async () => {
    window.history.replaceState(null, '', '/?action=signup')
    const { client, env, start } = setup({
      config: { options: { autoLogin: true, useSSO: true } },
      sso: new ScriptedSso().on(REFRESH, () => json(200, { status: 0 })),
    })
    start()
    await client.ready()
    await waitFor(() => env.redirects.length === 1)
    expect(new URL(env.redirects[0]!).searchParams.get('action')).toBe('signup')
  })
})

describe('on load: error=user_already_exists', () => {
  test('recognised as an authentication error; stops exchange and refresh, even with autoLogin', async () => {
    saveRecord()
    window.history.replaceState(
      null,
      '',
      '/studio?action=signup&code=abc&state=state-1&error=user_already_exists',
    )
    const { client, sso, env, start } = setup({ config: { options: { autoLogin: true, useSSO: true } } })
    start()
    expect(await client.ready()).toBe(false)
    await flush(20)
    expect(sso.requests).toEqual([])
    expect(env.redirects).toEqual([])
    expect(client.getSnapshot()).toEqual({
      auth: { initialized: true, authenticated: false, timeSkew: null },
      error: 'user_already_exists',
    })
    expect(isAuthenticationError(client.getSnapshot().error)).toBe(true)
    expect(isAuthenticationError('access_denied')).toBe(false)
    expect(window.location.search).toBe('?action=signup')
    expect(hasRecord()).toBe(false)
  })
})

describe('on load: code exchange', () => {
  const exchangeSso = (answer = tokenAnswer({ sub: 'user-2', nonce: 'nonce-1' })): ScriptedSso =>
    new ScriptedSso().on(TOKEN, () => json(200, answer))

  test.each([false, true])(
    'autoLogin=%s: the saved record is read and the code exchanged; code/action removed, page reloaded',
    async (autoLogin) => {
      const record = saveRecord()
      window.history.replaceState(
        null,
        '',
        '/studio?lang=vi&code=the-code&state=state-1&action=signup&iss=http%3A%2F%2Flocalhost%3A4100',
      )
      const { client, sso, env, start } = setup({
        config: { options: { autoLogin, useSSO: true } },
        sso: exchangeSso(),
      })
      start()
      expect(await client.ready()).toBe(true)
      const [call] = sso.calls(TOKEN)
      expect(call?.body).toEqual({
        grant_type: 'authorization_code',
        client_id: 'loa-web',
        code_verifier: record.codeVerifier,
        code: 'the-code',
        redirect_uri: record.redirectUri,
      })
      expect(call?.init.credentials).toBe('include')
      expect(sso.calls(REFRESH)).toHaveLength(0)
      expect(client.getSnapshot().auth).toMatchObject({
        initialized: true,
        authenticated: true,
        subject: 'user-2',
      })
      expect(window.location.pathname + window.location.search).toBe('/studio?lang=vi')
      expect(env.reloads).toBe(1)
      expect(hasRecord()).toBe(false)
    },
  )

  test('a state different from the saved one: no token request, error surfaced, cookie cleared (H5)', async () => {
    saveRecord()
    window.history.replaceState(null, '', '/?code=c&state=forged')
    const { client, sso, env, start } = setup({ sso: exchangeSso() })
    start()
    expect(await client.ready()).toBe(false)
    expect(sso.requests).toEqual([])
    expect(client.getSnapshot().error).toBe('invalid_state')
    expect(client.getSnapshot().auth.initialized).toBe(true)
    expect(hasRecord()).toBe(false)
    expect(env.reloads).toBe(0)
  })

  test('a missing state is rejected like a wrong one', async () => {
    saveRecord()
    window.history.replaceState(null, '', '/?code=c')
    const { client, sso, start } = setup({ sso: exchangeSso() })
    start()
    await client.ready()
    expect(sso.requests).toEqual([])
    expect(client.getSnapshot().error).toBe('invalid_state')
  })

  test('an iss other than the SSO is rejected (mix-up)', async () => {
    saveRecord()
    window.history.replaceState(null, '', '/?code=c&state=state-1&iss=https%3A%2F%2Fevil.example')
    const { client, sso, start } = setup({ sso: exchangeSso() })
    start()
    await client.ready()
    expect(sso.requests).toEqual([])
    expect(client.getSnapshot().error).toBe('invalid_issuer')
  })

  test('no saved record, a record of another client, or a stale record: no exchange', async () => {
    window.history.replaceState(null, '', '/?code=c&state=state-1')
    for (const prepare of [
      () => undefined,
      () => saveRecord({ clientId: 'other-app' }),
      () => saveRecord({ createdAt: Date.now() - 2 * 60 * 60 * 1000 }),
    ]) {
      prepare()
      const { client, sso, start } = setup({ sso: exchangeSso() })
      start()
      expect(await client.ready()).toBe(false)
      expect(sso.requests).toEqual([])
      expect(client.getSnapshot().auth).toMatchObject({ initialized: true, authenticated: false })
      expect(hasRecord()).toBe(false)
    }
  })

  test('a failed exchange: signed out, error kept, record consumed, no reload', async () => {
    saveRecord()
    window.history.replaceState(null, '', '/?code=c&state=state-1')
    const { client, env, start } = setup({
      sso: new ScriptedSso().on(TOKEN, () => json(400, { error: 'invalid_grant' })),
    })
    start()
    expect(await client.ready()).toBe(false)
    expect(client.getSnapshot().error).toBe('Request failed with status code 400')
    expect(env.reloads).toBe(0)
    expect(hasRecord()).toBe(false)
  })

  test('an ID token whose nonce differs from the saved one is rejected', async () => {
    saveRecord()
    window.history.replaceState(null, '', '/?code=c&state=state-1')
    const { client, env, start } = setup({ sso: exchangeSso(tokenAnswer({ nonce: 'another' })) })
    start()
    expect(await client.ready()).toBe(false)
    expect(client.getSnapshot().error).toBe('Invalid nonce.')
    expect(client.getSnapshot().auth.authenticated).toBe(false)
    expect(env.reloads).toBe(0)
  })
})

describe('leftover code (10000 ms)', () => {
  test('if code is still present 10000 ms after mount, it is removed and the page reloads', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    window.history.replaceState(null, '', '/studio?code=stale&state=s&action=login')
    const { client, env, start } = setup()
    start()
    await client.ready()
    await vi.advanceTimersByTimeAsync(9_999)
    expect(env.reloads).toBe(0)
    expect(window.location.search).toContain('code=stale')
    await vi.advanceTimersByTimeAsync(1)
    expect(env.reloads).toBe(1)
    expect(window.location.search).toBe('?action=login')
  })

  test('no reload when the code is gone by then, or when the provider was unmounted', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    window.history.replaceState(null, '', '/?code=stale')
    const first = setup()
    first.start()
    await first.client.ready()
    window.history.replaceState(null, '', '/')
    await vi.advanceTimersByTimeAsync(10_000)
    expect(first.env.reloads).toBe(0)

    window.history.replaceState(null, '', '/?code=stale')
    const second = setup()
    const stop = second.client.start()
    stop()
    await vi.advanceTimersByTimeAsync(10_000)
    expect(second.env.reloads).toBe(0)
  })
})

describe('login, signup, social login (PKCE S256)', () => {
  test('login saves a fresh challenge record and redirects to {ssoUrl}/authorize with the spec parameters (H2)', async () => {
    window.history.replaceState(null, '', '/en/services?x=1')
    const { client, env } = setup({ config: { ssoUrl: 'http://localhost:4100/' } })
    await client.login({ username: 'lan@example.com' })
    const url = new URL(env.redirects[0]!)
    expect(`${url.origin}${url.pathname}`).toBe('http://localhost:4100/authorize')
    const record = readChallengeRecord(documentJar, COOKIE)!
    expect(record.codeVerifier).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(record.clientId).toBe('loa-web')
    expect(record.redirectUri).toBe('http://localhost:3000/en/services')
    const params = Object.fromEntries(url.searchParams)
    expect(params).toEqual({
      clientId: 'loa-web',
      codeChallenge: createHash('sha256').update(record.codeVerifier).digest('base64url'),
      codeChallengeMethod: 'S256',
      redirectUri: 'http://localhost:3000/en/services',
      responseType: 'code',
      action: 'login',
      username: 'lan@example.com',
      state: record.state,
      nonce: record.nonce,
    })
    expect(params.codeChallenge).not.toContain('=')
  })

  test('signup uses action=signup, a given redirect URI, and a new verifier and state each time', async () => {
    const { client, env } = setup()
    await client.login()
    const first = readChallengeRecord(documentJar, COOKIE)!
    await client.signup({ redirectUri: '/studio/text-to-speech' })
    const second = readChallengeRecord(documentJar, COOKIE)!
    const url = new URL(env.redirects[1]!)
    expect(url.searchParams.get('action')).toBe('signup')
    expect(url.searchParams.has('username')).toBe(false)
    expect(url.searchParams.get('redirectUri')).toBe('http://localhost:3000/studio/text-to-speech')
    expect(second.codeVerifier).not.toBe(first.codeVerifier)
    expect(second.state).not.toBe(first.state)
  })

  test('on https under the client domain the challenge cookie is Secure with Domain=<clientDomain> (H4)', async () => {
    const written: string[] = []
    const { client, env } = setup({
      config: { clientDomain: 'loa.vn' },
      env: {
        currentUrl: () => 'https://app.loa.vn/studio',
        cookies: { read: () => '', write: (cookie) => void written.push(cookie) },
      },
    })
    await client.login()
    expect(written).toHaveLength(1)
    expect(written[0]).toMatch(/^pkce_loa-web_loa\.vn=/)
    expect(written[0]).toContain('; domain=loa.vn')
    expect(written[0]).toContain('; Secure')
    expect(written[0]).toContain('path=/')
    expect(new URL(env.redirects[0]!).searchParams.get('redirectUri')).toBe('https://app.loa.vn/studio')
    // a page of another subdomain inside the client domain is an accepted return address
    await client.login({ redirectUri: 'https://www.loa.vn/' })
    expect(new URL(env.redirects[1]!).searchParams.get('redirectUri')).toBe('https://www.loa.vn/')
  })

  test('redirect URIs elsewhere are refused (no client-side open redirect, H14)', async () => {
    const { client, env } = setup()
    for (const bad of [
      'https://evil.example/cb',
      'javascript:alert(1)',
      '//evil.example/x',
      'http://u:p@localhost:3000/',
    ]) {
      await expect(client.login({ redirectUri: bad })).rejects.toThrow('Invalid redirect URI')
    }
    expect(env.redirects).toEqual([])
  })

  test('socialLogin redirects to {ssoApiUrl}/api/v1/auth/{provider} with the PKCE parameters', async () => {
    const { client, env } = setup({ config: { ssoApiUrl: 'http://localhost:4100/' } })
    await client.socialLogin('google')
    const url = new URL(env.redirects[0]!)
    expect(`${url.origin}${url.pathname}`).toBe('http://localhost:4100/api/v1/auth/google')
    const record = readChallengeRecord(documentJar, COOKIE)!
    expect(Object.fromEntries(url.searchParams)).toEqual({
      clientId: 'loa-web',
      codeChallenge: createHash('sha256').update(record.codeVerifier).digest('base64url'),
      codeChallengeMethod: 'S256',
      redirectUri: 'http://localhost:3000/',
      responseType: 'code',
      state: record.state,
      nonce: record.nonce,
    })
    await expect(client.socialLogin('../admin')).rejects.toThrow('Invalid provider')
    expect(env.redirects).toHaveLength(1)
  })

  test('round trip: the verifier sent at the exchange matches the challenge sent to /authorize', async () => {
    const login = setup()
    await login.client.login()
    const authorize = new URL(login.env.redirects[0]!)
    const challenge = authorize.searchParams.get('codeChallenge')
    // the SSO answers to the redirect URI with code, state and iss
    window.history.replaceState(
      null,
      '',
      `/?code=code-1&state=${authorize.searchParams.get('state')}&iss=http://localhost:4100`,
    )
    const sso = new ScriptedSso().on(TOKEN, (request) => {
      const body = request.body as Record<string, string>
      const ok = createHash('sha256').update(body.code_verifier!).digest('base64url') === challenge
      return ok
        ? json(200, tokenAnswer({ nonce: authorize.searchParams.get('nonce')! }))
        : json(400, { error: 'invalid_grant' })
    })
    const back = setup({ sso })
    back.start()
    expect(await back.client.ready()).toBe(true)
    expect(back.client.getSnapshot().auth.authenticated).toBe(true)
  })
})

describe('google one tap, logout, account link, roles', () => {
  test('googleOneTap POSTs {clientId, token, affiliateCode} and applies the returned tokens', async () => {
    const answer = tokenAnswer({ sub: 'g-1' })
    const { client, sso } = setup({ sso: new ScriptedSso().on(ONE_TAP, () => json(200, answer)) })
    expect(await client.googleOneTap({ token: 'google-id-token', affiliateCode: 'AFF1' })).toEqual(answer)
    const [call] = sso.calls(ONE_TAP)
    expect(call?.body).toEqual({ clientId: 'loa-web', token: 'google-id-token', affiliateCode: 'AFF1' })
    expect(call?.init.credentials).toBe('include')
    expect(client.getSnapshot().auth.subject).toBe('g-1')
  })

  test('googleOneTap returns the error body of a failed call', async () => {
    const { client } = setup({
      sso: new ScriptedSso().on(ONE_TAP, () => json(401, { status: 0, error_code: 'x' })),
    })
    expect(await client.googleOneTap({ token: 't' })).toEqual({ status: 0, error_code: 'x' })
    expect(client.getSnapshot().auth.authenticated).toBe(false)
  })

  async function signedIn(sso: ScriptedSso): Promise<ReturnType<typeof setup>> {
    sso.on(REFRESH, () => json(200, tokenAnswer()))
    const ctx = setup({ sso })
    ctx.start()
    await ctx.client.ready()
    return ctx
  }

  test('logout succeeds on status 1: POST {clientId, fingerprint, redirectUri}, tokens cleared, then redirect', async () => {
    const sso = new ScriptedSso().on(LOGOUT, () => json(200, { status: 1 }))
    const { client, env } = await signedIn(sso)
    const seen: Array<TokenSet | null> = []
    client.onTokens((t) => seen.push(t))
    await client.logout({ fingerprint: 'fp-1', redirectUri: '/en' })
    const [call] = sso.calls(LOGOUT)
    expect(call?.body).toEqual({
      clientId: 'loa-web',
      fingerprint: 'fp-1',
      redirectUri: 'http://localhost:3000/en',
    })
    expect(call?.init.credentials).toBe('include')
    expect(env.redirects).toEqual(['http://localhost:3000/en'])
    expect(client.getSnapshot().auth).toEqual({ initialized: true, authenticated: false, timeSkew: null })
    expect(seen).toEqual([null])
  })

  test.each([
    ['status 0', () => json(200, { status: 0, message: 'nope' })],
    ['HTTP 500', () => json(500, { status: 0 })],
  ])('logout with %s fails with "Logout failed" and does not redirect', async (_name, responder) => {
    const sso = new ScriptedSso().on(LOGOUT, responder)
    const { client, env } = await signedIn(sso)
    await expect(client.logout({ redirectUri: '/' })).rejects.toThrow(/^Logout failed$/)
    expect(env.redirects).toEqual([])
    expect(client.getSnapshot().auth.authenticated).toBe(true)
    expect(client.getSnapshot().error).toBe('Logout failed')
  })

  test('logout refuses a redirect URI elsewhere before calling the SSO', async () => {
    const sso = new ScriptedSso().on(LOGOUT, () => json(200, { status: 1 }))
    const { client } = await signedIn(sso)
    await expect(client.logout({ redirectUri: 'https://evil.example/' })).rejects.toThrow(
      'Invalid redirect URI',
    )
    expect(sso.calls(LOGOUT)).toHaveLength(0)
  })

  test('accountUrl: myAccountUrl or {ssoUrl}/profile, with client_id', () => {
    expect(setup().client.accountUrl()).toBe('http://localhost:4100/profile?client_id=loa-web')
    expect(setup({ config: { myAccountUrl: 'https://account.loa.vn/me?tab=1' } }).client.accountUrl()).toBe(
      'https://account.loa.vn/me?tab=1&client_id=loa-web',
    )
    expect(setup({ config: { myAccountUrl: 'javascript:alert(1)' } }).client.accountUrl()).toBe(
      'http://localhost:4100/profile?client_id=loa-web',
    )
  })

  test('hasResourceRole defaults to the client id; false when signed out; hasRealmRole', async () => {
    const signedOut = setup().client
    expect(signedOut.hasResourceRole('viewer')).toBe(false)
    const { client } = await signedIn(new ScriptedSso())
    expect(client.hasResourceRole('viewer')).toBe(true)
    expect(client.hasResourceRole('admin')).toBe(false)
    expect(client.hasResourceRole('admin', 'loa-api')).toBe(true)
    expect(client.hasRealmRole('user')).toBe(true)
    expect(client.hasRealmRole('admin')).toBe(false)
  })
})

describe('updateToken and proactive refresh', () => {
  function refreshingSso(lifetime: number): ScriptedSso {
    return new ScriptedSso().on(REFRESH, () => json(200, tokenAnswer({ lifetime })))
  }

  test('rejects "Not authenticated" without a token', async () => {
    await expect(setup().client.updateToken()).rejects.toThrow('Not authenticated')
  })

  test('no refresh while the token is valid long enough; -1 forces one', async () => {
    const sso = refreshingSso(300)
    const { client, start } = setup({ sso })
    start()
    await client.ready()
    expect(await client.updateToken(30)).toBe(false)
    expect(sso.calls(REFRESH)).toHaveLength(1)
    expect(await client.updateToken(-1)).toBe(true)
    expect(sso.calls(REFRESH)).toHaveLength(2)
  })

  test('5 concurrent updateToken(30) calls share one network refresh and all resolve true (H9)', async () => {
    const sso = refreshingSso(20)
    const { client, start } = setup({ sso })
    start()
    await client.ready()
    const results = await Promise.all(Array.from({ length: 5 }, () => client.updateToken(30)))
    expect(results).toEqual([true, true, true, true, true])
    expect(sso.calls(REFRESH)).toHaveLength(2)
  })

  test('a rejected refresh (HTTP 400) clears the tokens and notifies (H10)', async () => {
    let answer: () => Response = () => json(200, tokenAnswer({ lifetime: 20 }))
    const sso = new ScriptedSso().on(REFRESH, () => answer())
    const { client, env, start } = setup({ sso })
    const seen: Array<TokenSet | null> = []
    client.onTokens((t) => seen.push(t))
    start()
    await client.ready()
    answer = () => json(400, { error: 'invalid_grant' })
    await expect(client.updateToken(30)).rejects.toThrow('Request failed with status code 400')
    expect(client.getSnapshot().auth).toEqual({ initialized: true, authenticated: false, timeSkew: null })
    expect(seen.at(-1)).toBeNull()
    expect(env.errors.at(-1)).toEqual(['Request failed with status code 400'])
    expect(env.redirects).toEqual([])
  })

  test('status != 1 clears too, and with autoLogin sends the user to login (H10)', async () => {
    let status = 1
    const sso = new ScriptedSso().on(REFRESH, () =>
      json(200, status === 1 ? tokenAnswer({ lifetime: 20 }) : { status, message: 'revoked' }),
    )
    const { client, env, start } = setup({ sso, config: { options: { autoLogin: true, useSSO: true } } })
    start()
    await client.ready()
    status = 0
    await expect(client.updateToken(30)).rejects.toThrow('Failed to get token from refresh token')
    expect(client.getSnapshot().auth.authenticated).toBe(false)
    await waitFor(() => env.redirects.length === 1)
    expect(new URL(env.redirects[0]!).searchParams.get('action')).toBe('login')
  })

  test('a network failure rejects without clearing the tokens', async () => {
    let fail = false
    const sso = new ScriptedSso().on(REFRESH, () => {
      if (fail) throw new TypeError('Failed to fetch')
      return json(200, tokenAnswer({ lifetime: 20 }))
    })
    const { client, start } = setup({ sso })
    start()
    await client.ready()
    fail = true
    await expect(client.updateToken(30)).rejects.toThrow('Failed to fetch')
    expect(client.getSnapshot().auth.authenticated).toBe(true)
  })

  test('initialized becomes true after the first check and never flips back (H12)', async () => {
    let ok = true
    const sso = new ScriptedSso().on(REFRESH, () => (ok ? json(200, tokenAnswer()) : json(401, {})))
    const { client, start } = setup({ sso })
    const seen: boolean[] = []
    client.subscribe(() => seen.push(client.getSnapshot().auth.initialized))
    expect(client.getSnapshot().auth.initialized).toBe(false)
    start()
    await client.ready()
    ok = false
    await client.updateToken(-1).catch(() => undefined)
    expect(seen.length).toBeGreaterThanOrEqual(2)
    expect(seen.every(Boolean)).toBe(true)
  })

  test('proactive refresh happens before expiry, using timeSkew (SSO clock 1000 s ahead)', async () => {
    let calls = 0
    const sso = new ScriptedSso().on(REFRESH, () => {
      calls += 1
      return json(200, tokenAnswer({ iat: nowSeconds() + 1000, lifetime: 3 }))
    })
    const { client, start } = setup({ sso })
    start()
    await client.ready()
    expect(client.getSnapshot().auth.timeSkew).toBeLessThanOrEqual(-999)
    const firstToken = client.getSnapshot().auth.token
    await waitFor(() => calls >= 2, 4000)
    await waitFor(() => client.getSnapshot().auth.token !== firstToken)
    expect(client.getSnapshot().auth.authenticated).toBe(true)
  })

  test('getFreshAuthorizationHeader refreshes a token about to expire first; undefined when signed out', async () => {
    expect(await setup().client.getFreshAuthorizationHeader()).toBeUndefined()
    let n = 0
    const sso = new ScriptedSso().on(REFRESH, () => json(200, tokenAnswer({ lifetime: 20, sub: `s${++n}` })))
    const { client, start } = setup({ sso })
    start()
    await client.ready()
    const header = await client.getFreshAuthorizationHeader(30)
    expect(sso.calls(REFRESH)).toHaveLength(2)
    expect(client.getSnapshot().auth.subject).toBe('s2')
    expect(header).toBe(`Bearer ${client.getSnapshot().auth.token}`)
  })

  test('no refresh token (nor any token) is written to localStorage or sessionStorage (H13)', async () => {
    const answer = tokenAnswer()
    const { client, start } = setup({ sso: new ScriptedSso().on(REFRESH, () => json(200, answer)) })
    start()
    await client.ready()
    await client.updateToken(-1)
    for (const storage of [window.localStorage, window.sessionStorage]) {
      for (let i = 0; i < storage.length; i++) {
        const value = storage.getItem(storage.key(i)!) ?? ''
        expect(value).not.toContain(answer.result.refresh_token)
        expect(value).not.toContain(answer.result.access_token)
      }
    }
    expect(document.cookie).not.toContain(answer.result.refresh_token)
  })
})

describe('one refresh at a time across tabs', () => {
  /** A minimal in-memory Web Locks implementation (exclusive, FIFO) standing in for navigator.locks. */
  function webLocks(): LockManagerLike & { requests: number } {
    const tails = new Map<string, Promise<unknown>>()
    const manager = {
      requests: 0,
      request<T>(name: string, callback: () => Promise<T>): Promise<T> {
        manager.requests += 1
        const previous = tails.get(name) ?? Promise.resolve()
        const run = previous.then(callback, callback)
        tails.set(
          name,
          run.catch(() => undefined),
        )
        return run
      },
    }
    return manager
  }

  test.each([
    ['localStorage lock', undefined],
    ['Web Locks', webLocks()],
  ])(
    'two tabs due for refresh make exactly one network refresh and share the tokens (%s)',
    async (_name, locks) => {
      let calls = 0
      const sso = new ScriptedSso().on(REFRESH, async () => {
        calls += 1
        await flush(40)
        return json(200, tokenAnswer({ lifetime: calls === 1 ? 20 : 300, sub: `gen-${calls}` }))
      })
      const tabA = setup({ sso, env: { locks } })
      const tabB = setup({ sso, env: { locks } })
      // both tabs open at once: one refresh on load
      tabA.start()
      tabB.start()
      await Promise.all([tabA.client.ready(), tabB.client.ready()])
      expect(calls).toBe(1)
      expect(tabB.client.getSnapshot().auth.subject).toBe('gen-1')
      expect(tabB.client.getSnapshot().auth.token).toBe(tabA.client.getSnapshot().auth.token)
      // both due for refresh at the same time: one more refresh
      const results = await Promise.all([tabA.client.updateToken(30), tabB.client.updateToken(30)])
      expect(results).toEqual([true, true])
      expect(calls).toBe(2)
      expect(tabA.client.getSnapshot().auth.subject).toBe('gen-2')
      expect(tabB.client.getSnapshot().auth.subject).toBe('gen-2')
      if (locks) expect((locks as { requests: number }).requests).toBeGreaterThanOrEqual(2)
    },
  )

  test('broadcast news older than the own tokens is ignored; newer tokens are adopted', async () => {
    const sso = new ScriptedSso().on(REFRESH, () => json(200, tokenAnswer({ sub: 'mine' })))
    const tab = setup({ sso })
    tab.start()
    await tab.client.ready()
    const otherTab = new BroadcastChannel('loa-sso:loa-web')
    try {
      const stale = tokenAnswer({ sub: 'stale' }).result
      otherTab.postMessage({
        type: 'tokens',
        from: 'other',
        at: Date.now() - 60_000,
        tokens: { accessToken: stale.access_token },
        timeSkew: 0,
      })
      otherTab.postMessage({ type: 'logout', from: 'other', at: Date.now() - 60_000 })
      await flush(50)
      expect(tab.client.getSnapshot().auth.subject).toBe('mine')
      const fresh = tokenAnswer({ sub: 'fresh' }).result
      otherTab.postMessage({
        type: 'tokens',
        from: 'other',
        at: Date.now() + 1,
        tokens: { accessToken: fresh.access_token },
        timeSkew: 3,
      })
      await waitFor(() => tab.client.getSnapshot().auth.subject === 'fresh')
      expect(tab.client.getSnapshot().auth.timeSkew).toBe(3)
    } finally {
      otherTab.close()
    }
  })

  test('logout in one tab signs the other tab out', async () => {
    const sso = new ScriptedSso()
      .on(REFRESH, () => json(200, tokenAnswer()))
      .on(LOGOUT, () => json(200, { status: 1 }))
    const tabA = setup({ sso })
    const tabB = setup({ sso })
    tabA.start()
    tabB.start()
    await Promise.all([tabA.client.ready(), tabB.client.ready()])
    expect(tabB.client.getSnapshot().auth.authenticated).toBe(true)
    await tabA.client.logout({ redirectUri: '/' })
    await waitFor(() => !tabB.client.getSnapshot().auth.authenticated)
    expect(tabB.client.getSnapshot().auth.initialized).toBe(true)
  })
})

// @vitest-environment jsdom
import { describe, expect, test, vi } from 'vitest'
import type { TokenSet } from './auth-state.ts'
import type { SsoConfig } from './config.ts'
import { SSO_CONFIG_MISSING_MESSAGE } from './constants.ts'
import { isAuthenticationError, SsoClient } from './sso-client.ts'
import { hasRecord, REFRESH, saveRecord, setup, resetClientPageEachTest } from './sso-client.test-support.ts'
import { flush, json, ScriptedSso, TEST_CONFIG, tokenAnswer, waitFor } from './test-support.ts'

resetClientPageEachTest()

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

  test('no session (200, status 0, result null) fails with "Failed to get token from refresh token": a warning, not an error', async () => {
    saveRecord()
    const { client, env, start } = setup({
      sso: new ScriptedSso().on(REFRESH, () => json(200, { status: 0, message: 'No session', result: null })),
    })
    start()
    expect(await client.ready()).toBe(false)
    expect(client.getSnapshot()).toEqual({
      auth: { initialized: true, authenticated: false, timeSkew: null },
      error: 'Failed to get token from refresh token',
    })
    expect(env.warnings).toEqual([['Failed to get token from refresh token']])
    expect(env.errors).toEqual([])
    expect(env.redirects).toEqual([])
    expect(client.getAuthorizationHeader()).toBeUndefined()
    expect(hasRecord()).toBe(true)
  })

  test.each([
    [
      'a refused token (HTTP 400 invalid_grant)',
      () => json(400, { status: 0, error: 'invalid_grant' }),
      'Request failed with status code 400',
    ],
    [
      'another non-1 status',
      () => json(200, { status: 2, message: 'revoked' }),
      'Failed to get token from refresh token',
    ],
    [
      'status 0 with a result',
      () => json(200, { status: 0, result: {} }),
      'Failed to get token from refresh token',
    ],
  ])('%s is a failed refresh logged as an error', async (_name, responder, logged) => {
    const { client, env, start } = setup({ sso: new ScriptedSso().on(REFRESH, responder) })
    start()
    expect(await client.ready()).toBe(false)
    expect(client.getSnapshot()).toEqual({
      auth: { initialized: true, authenticated: false, timeSkew: null },
      error: logged,
    })
    expect(env.errors).toEqual([[logged]])
    expect(env.warnings).toEqual([])
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

  test('autoLogin: no session still redirects; with action=signup in the address to signup', async () => {
    window.history.replaceState(null, '', '/?action=signup')
    const { client, env, start } = setup({
      config: { options: { autoLogin: true, useSSO: true } },
      sso: new ScriptedSso().on(REFRESH, () => json(200, { status: 0, message: 'No session', result: null })),
    })
    start()
    await client.ready()
    await waitFor(() => env.redirects.length === 1)
    expect(new URL(env.redirects[0]!).searchParams.get('action')).toBe('signup')
    expect(env.warnings).toEqual([['Failed to get token from refresh token']])
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

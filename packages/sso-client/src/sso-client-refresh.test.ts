// @vitest-environment jsdom
import { describe, expect, test } from 'vitest'
import type { TokenSet } from './auth-state.ts'
import { REFRESH, setup, resetClientPageEachTest } from './sso-client.test-support.ts'
import { json, nowSeconds, ScriptedSso, tokenAnswer, waitFor } from './test-support.ts'

resetClientPageEachTest()

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

  test('the session gone at the SSO (no session) clears the tokens and notifies, logged as a warning', async () => {
    let gone = false
    const sso = new ScriptedSso().on(REFRESH, () =>
      json(200, gone ? { status: 0, message: 'No session', result: null } : tokenAnswer({ lifetime: 20 })),
    )
    const { client, env, start } = setup({ sso })
    const seen: Array<TokenSet | null> = []
    client.onTokens((t) => seen.push(t))
    start()
    await client.ready()
    gone = true
    await expect(client.updateToken(30)).rejects.toThrow('Failed to get token from refresh token')
    expect(client.getSnapshot().auth).toEqual({ initialized: true, authenticated: false, timeSkew: null })
    expect(seen.at(-1)).toBeNull()
    expect(env.warnings).toEqual([['Failed to get token from refresh token']])
    expect(env.errors).toEqual([])
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

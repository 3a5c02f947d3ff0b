// @vitest-environment jsdom
import { describe, expect, test } from 'vitest'
import type { TokenSet } from './auth-state.ts'
import { LOGOUT, ONE_TAP, REFRESH, setup, resetClientPageEachTest } from './sso-client.test-support.ts'
import { json, ScriptedSso, tokenAnswer } from './test-support.ts'

resetClientPageEachTest()

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

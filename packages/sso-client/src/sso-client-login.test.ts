// @vitest-environment jsdom
import { createHash } from 'node:crypto'
import { describe, expect, test } from 'vitest'
import { readChallengeRecord } from './challenge-cookie.ts'
import { COOKIE, documentJar, setup, TOKEN, resetClientPageEachTest } from './sso-client.test-support.ts'
import { json, ScriptedSso, tokenAnswer } from './test-support.ts'

resetClientPageEachTest()

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

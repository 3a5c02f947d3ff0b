import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  CookieJar,
  OTHER,
  SPA,
  createHarness,
  decodeJwt,
  signUpAndExchange,
  type Harness,
} from '../testing/harness.ts'

/** sso-security.md checklist groups C (refresh) and D (logout). */
describe('C. refresh', () => {
  let h: Harness
  beforeAll(async () => {
    h = await createHarness()
  })
  afterAll(async () => h.close())

  const refresh = (
    jar: CookieJar,
    body: Record<string, unknown> = { clientId: SPA.clientId },
    headers: Record<string, string> = {},
  ) =>
    h.app.inject({
      method: 'POST',
      url: '/api/v1/auth/refresh-token',
      headers: { 'content-type': 'application/json', origin: SPA.origin, cookie: jar.header(), ...headers },
      payload: JSON.stringify(body),
    })
  const rtCookie = 'loa_sso_rt_test-spa'

  it('C1 + C10: the refresh cookie gives status 1, new tokens, a rotated cookie; no-store; lifetimes consistent', async () => {
    const { jar, tokens } = await signUpAndExchange(h)
    const before = jar.get(rtCookie)
    expect(before).toBe(tokens.refresh_token)
    h.clock.advance(1000)
    const res = await refresh(jar)
    jar.absorb(res)
    expect(res.statusCode).toBe(200)
    expect(res.headers['cache-control']).toBe('no-store')
    expect(res.headers['access-control-allow-origin']).toBe(SPA.origin)
    expect(res.headers['access-control-allow-credentials']).toBe('true')
    const json = res.json()
    expect(json.status).toBe(1)
    expect(json.message).toBe('Success')
    expect(Object.keys(json.result)).toEqual(
      expect.arrayContaining(['access_token', 'refresh_token', 'id_token']),
    )
    expect(json.result.refresh_token).not.toBe(tokens.refresh_token)
    expect(jar.get(rtCookie)).toBe(json.result.refresh_token)
    const access = decodeJwt(json.result.access_token)
    expect((access.exp as number) - (access.iat as number)).toBe(json.result.expires_in)
    // the old one is now invalid
    const old = await refresh(new CookieJar(), { clientId: SPA.clientId, refreshToken: before })
    expect(old.statusCode).toBe(400)
  })

  it('C2: replaying the previous token revokes the family; the newest token fails too', async () => {
    const { jar, tokens } = await signUpAndExchange(h)
    const first = await refresh(jar)
    jar.absorb(first)
    const newest = first.json().result.refresh_token as string
    const replay = await refresh(new CookieJar(), {
      clientId: SPA.clientId,
      refreshToken: tokens.refresh_token,
    })
    expect(replay.statusCode).toBe(400)
    expect(replay.json()).toMatchObject({
      status: 0,
      error: 'invalid_grant',
      error_description: 'refresh token already used',
    })
    const after = await refresh(new CookieJar(), { clientId: SPA.clientId, refreshToken: newest })
    expect(after.statusCode).toBe(400)
    expect(after.json().status).toBe(0)
  })

  it('C3: no grace window — even an immediate replay of the predecessor revokes the family', async () => {
    const { jar, tokens } = await signUpAndExchange(h)
    const r1 = await refresh(jar)
    expect(r1.statusCode).toBe(200)
    const replay = await refresh(new CookieJar(), {
      clientId: SPA.clientId,
      refreshToken: tokens.refresh_token,
    })
    expect(replay.statusCode).toBe(400)
    expect(
      (
        await refresh(new CookieJar(), {
          clientId: SPA.clientId,
          refreshToken: r1.json().result.refresh_token,
        })
      ).statusCode,
    ).toBe(400)
  })

  it('C4: two concurrent refreshes with one token: exactly one wins, then the family is revoked (documented)', async () => {
    const { tokens } = await signUpAndExchange(h)
    const results = await Promise.all(
      [0, 1].map(() =>
        refresh(new CookieJar(), { clientId: SPA.clientId, refreshToken: tokens.refresh_token }),
      ),
    )
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1)
    const winner = results.find((r) => r.statusCode === 200)!.json().result.refresh_token
    expect(
      (await refresh(new CookieJar(), { clientId: SPA.clientId, refreshToken: winner })).statusCode,
    ).toBe(400)
  })

  it('C5: a refresh token of client A presented as client B is rejected', async () => {
    const { tokens } = await signUpAndExchange(h)
    const res = await refresh(
      new CookieJar(),
      { clientId: OTHER.clientId, refreshToken: tokens.refresh_token },
      { origin: OTHER.origin },
    )
    expect(res.statusCode).toBe(400)
    expect(res.json().error_description).toBe('client mismatch')
    // and it was not consumed: the right client still refreshes
    expect(
      (await refresh(new CookieJar(), { clientId: SPA.clientId, refreshToken: tokens.refresh_token }))
        .statusCode,
    ).toBe(200)
  })

  it('C6: idle timeout and absolute lifetime end refresh; rotation never extends the absolute lifetime', async () => {
    const idle = await signUpAndExchange(h)
    h.clock.advance(h.config.ttl.sessionIdle * 1000 + 1000)
    expect((await refresh(idle.jar)).statusCode).toBe(400)

    const abs = await signUpAndExchange(h)
    const exp0 = decodeJwt(abs.tokens.refresh_token).exp as number
    let jar = abs.jar
    // keep it busy (never idle) until the absolute lifetime passes
    const step = Math.floor(h.config.ttl.sessionIdle / 2) * 1000
    let last = 200
    for (let t = 0; t < h.config.ttl.sessionMax * 1000 + step; t += step) {
      h.clock.advance(step)
      const res = await refresh(jar)
      jar = jar.absorb(res)
      last = res.statusCode
      if (res.statusCode === 200) expect(decodeJwt(res.json().result.refresh_token).exp).toBe(exp0)
      else break
    }
    expect(last).toBe(400)
  })

  it('C7: refresh after logout and after a password change is rejected', async () => {
    const a = await signUpAndExchange(h)
    const out = await h.app.inject({
      method: 'POST',
      url: '/api/v1/logout',
      headers: { 'content-type': 'application/json', origin: SPA.origin, cookie: a.jar.header() },
      payload: JSON.stringify({ clientId: SPA.clientId, fingerprint: 'fp', redirectUri: SPA.postLogout }),
    })
    expect(out.json().status).toBe(1)
    expect(
      (await refresh(new CookieJar(), { clientId: SPA.clientId, refreshToken: a.tokens.refresh_token }))
        .statusCode,
    ).toBe(400)

    // password change from the profile page ends the other sessions' refresh families
    const b = await signUpAndExchange(h)
    const other = new CookieJar()
    const { submitAuthForm, pkcePair } = await import('../testing/harness.ts')
    await submitAuthForm(
      h,
      other,
      { email: b.email, password: b.password },
      { challenge: pkcePair().challenge },
    )
    const profile = await h.app.inject({
      method: 'GET',
      url: '/profile?client_id=test-spa',
      headers: { cookie: other.header() },
    })
    other.absorb(profile)
    const csrf = /name="csrf" value="([^"]+)"/.exec(profile.body)![1]!
    const change = await h.app.inject({
      method: 'POST',
      url: '/profile/password',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: other.header() },
      payload: new URLSearchParams({
        csrf,
        current_password: b.password,
        new_password: 'a brand new password',
      }).toString(),
    })
    expect(change.statusCode).toBe(303)
    expect(change.headers.location).toContain('notice=passwordChanged')
    expect((await refresh(b.jar)).statusCode).toBe(400)
  })

  it('C8: cross-site origins get no CORS headers and are refused; form and text/plain bodies are refused', async () => {
    const { jar } = await signUpAndExchange(h)
    const evil = await refresh(jar, { clientId: SPA.clientId }, { origin: 'https://evil.example' })
    expect(evil.statusCode).toBe(403)
    expect(evil.headers['access-control-allow-origin']).toBeUndefined()
    for (const type of ['application/x-www-form-urlencoded', 'text/plain']) {
      const res = await h.app.inject({
        method: 'POST',
        url: '/api/v1/auth/refresh-token',
        headers: { 'content-type': type, origin: SPA.origin, cookie: jar.header() },
        payload: type === 'text/plain' ? '{"clientId":"test-spa"}' : 'clientId=test-spa',
      })
      expect(res.statusCode, type).toBe(403)
    }
    const preflight = await h.app.inject({
      method: 'OPTIONS',
      url: '/api/v1/auth/refresh-token',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
    })
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined()
    const good = await h.app.inject({
      method: 'OPTIONS',
      url: '/api/v1/auth/refresh-token',
      headers: { origin: SPA.origin, 'access-control-request-method': 'POST' },
    })
    expect(good.statusCode).toBe(204)
    expect(good.headers['access-control-allow-origin']).toBe(SPA.origin)
    // the refresh still works from the right origin
    expect((await refresh(jar)).statusCode).toBe(200)
  })

  it('C9: refresh and session cookies are HttpOnly, SameSite=Lax, Path=/, random; __Host- + Secure over https', async () => {
    const { jar } = await signUpAndExchange(h)
    const res = await refresh(jar)
    const line = ([] as string[])
      .concat(res.headers['set-cookie'] ?? [])
      .find((c) => c.startsWith(`${rtCookie}=`))!
    expect(line).toMatch(/HttpOnly/)
    expect(line).toMatch(/SameSite=Lax/)
    expect(line).toMatch(/Path=\//)
    expect(jar.get('loa_sso_session')!.length).toBeGreaterThanOrEqual(43)
    const secure = await createHarness({ SSO_PUBLIC_URL: 'https://sso.example.com' })
    try {
      const { CookieJar: Jar, submitAuthForm, pkcePair, uniqueEmail } = await import('../testing/harness.ts')
      const j = new Jar()
      const r = await submitAuthForm(
        secure,
        j,
        { email: uniqueEmail(), password: 'secure password', name: 'S' },
        { challenge: pkcePair().challenge, action: 'signup' },
      )
      const session = ([] as string[])
        .concat(r.headers['set-cookie'] ?? [])
        .find((c) => c.startsWith('__Host-loa_sso_session='))!
      expect(session).toMatch(/; Secure/)
      expect(session).toMatch(/HttpOnly/)
      expect(session).toMatch(/Path=\//)
      expect(session).not.toMatch(/Domain=/i)
    } finally {
      await secure.close()
    }
  })
})

describe('D. logout', () => {
  let h: Harness
  beforeAll(async () => {
    h = await createHarness()
  })
  afterAll(async () => h.close())

  const logout = (jar: CookieJar, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
    h.app.inject({
      method: 'POST',
      url: '/api/v1/logout',
      headers: { 'content-type': 'application/json', origin: SPA.origin, cookie: jar.header(), ...headers },
      payload: JSON.stringify(body),
    })
  const introspect = async (token: string) =>
    (
      await h.app.inject({
        method: 'POST',
        url: '/protocol/openid-connect/token/introspect',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: `token=${token}`,
      })
    ).json().active as boolean

  it('D1 + D5: registered post-logout URI: status 1, session and refresh family revoked, cookies cleared', async () => {
    const { jar, tokens } = await signUpAndExchange(h)
    const res = await logout(jar, { clientId: SPA.clientId, fingerprint: 'abc', redirectUri: SPA.postLogout })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ status: 1, result: { redirect_uri: SPA.postLogout } })
    const cookies = ([] as string[]).concat(res.headers['set-cookie'] ?? [])
    for (const name of ['loa_sso_session', 'loa_sso_rt_test-spa']) {
      const c = cookies.find((x) => x.startsWith(`${name}=`))!
      expect(c).toMatch(/Max-Age=0/)
      expect(c).toMatch(/HttpOnly/)
      expect(c).toMatch(/Path=\//)
    }
    expect(await introspect(tokens.access_token)).toBe(false)
    const rt = await h.app.inject({
      method: 'POST',
      url: '/api/v1/oauth/token',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({
        grant_type: 'refresh_token',
        client_id: SPA.clientId,
        refresh_token: tokens.refresh_token,
      }),
    })
    expect(rt.statusCode).toBe(400)
    // the SSO session is gone too: /authorize shows the form again
    jar.absorb(res)
    const { authorizeQuery, pkcePair } = await import('../testing/harness.ts')
    const page = await h.app.inject({
      method: 'GET',
      url: `/authorize?${authorizeQuery({ challenge: pkcePair().challenge })}`,
      headers: { cookie: jar.header() },
    })
    expect(page.statusCode).toBe(200)
  })

  it('D2: unregistered, other-host, protocol-relative, suffix-host and javascript: URIs never get a redirect', async () => {
    for (const redirectUri of [
      'http://127.0.0.1:5173/x',
      'https://evil.com/',
      '//evil.com',
      'http://127.0.0.1:5173.evil.com/',
      'javascript:alert(1)',
    ]) {
      const { jar } = await signUpAndExchange(h)
      const res = await logout(jar, { clientId: SPA.clientId, fingerprint: 'f', redirectUri })
      expect(res.statusCode, redirectUri).toBe(400)
      expect(res.json().status).toBe(0)
      expect(res.body).not.toContain('evil.com/"')
      expect(res.headers.location).toBeUndefined()
    }
  })

  it('D3: a post-logout URI registered for client B is refused for client A', async () => {
    const { jar } = await signUpAndExchange(h)
    const res = await logout(jar, { clientId: SPA.clientId, fingerprint: 'f', redirectUri: OTHER.postLogout })
    expect(res.statusCode).toBe(400)
    expect(res.json().status).toBe(0)
  })

  it('D4: a cross-site or form-encoded logout is refused and the session survives', async () => {
    const { jar, tokens } = await signUpAndExchange(h)
    const evil = await logout(
      jar,
      { clientId: SPA.clientId, redirectUri: SPA.postLogout },
      { origin: 'https://evil.example' },
    )
    expect(evil.statusCode).toBe(403)
    const form = await h.app.inject({
      method: 'POST',
      url: '/api/v1/logout',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: jar.header() },
      payload: `clientId=${SPA.clientId}&redirectUri=${encodeURIComponent(SPA.postLogout)}`,
    })
    expect(form.statusCode).toBe(403)
    expect(await introspect(tokens.access_token)).toBe(true)
  })

  it("D6: another user's fingerprint never ends someone else's session", async () => {
    const victim = await signUpAndExchange(h)
    const attacker = await signUpAndExchange(h)
    const res = await logout(attacker.jar, {
      clientId: SPA.clientId,
      fingerprint: victim.email,
      redirectUri: SPA.postLogout,
    })
    expect(res.json().status).toBe(1)
    expect(await introspect(attacker.tokens.access_token)).toBe(false)
    expect(await introspect(victim.tokens.access_token)).toBe(true)
  })
})

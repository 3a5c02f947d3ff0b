import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SPA, createHarness, signUpAndExchange, type Harness } from '../testing/harness.ts'

/**
 * A refresh without any refresh token is "no session" (200, status 0), not a refusal; a refused token stays a 400
 * that clears the cookie (docs/decisions.md, issue 17: a visitor's page load must not log a failed request).
 */
describe('refresh without a session', () => {
  let h: Harness
  beforeAll(async () => {
    h = await createHarness()
  })
  afterAll(async () => h.close())

  const refresh = (
    cookie: string,
    body: Record<string, unknown> = { clientId: SPA.clientId },
    origin = SPA.origin,
  ) =>
    h.app.inject({
      method: 'POST',
      url: '/api/v1/auth/refresh-token',
      headers: { 'content-type': 'application/json', origin, cookie },
      payload: JSON.stringify(body),
    })
  const rtCookie = 'loa_sso_rt_test-spa'
  const setCookies = (res: Awaited<ReturnType<typeof refresh>>) =>
    ([] as string[]).concat(res.headers['set-cookie'] ?? [])

  it('no cookie and no token in the body: 200 {status: 0, message: "No session", result: null}, no-store, CORS', async () => {
    const res = await refresh('')
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ status: 0, message: 'No session', result: null })
    expect(res.headers['cache-control']).toBe('no-store')
    expect(res.headers['access-control-allow-origin']).toBe(SPA.origin)
    expect(res.headers['access-control-allow-credentials']).toBe('true')
    expect(setCookies(res)).toEqual([])
  })

  it('only another client’s refresh cookie (and the sign-on session cookie): still no session for this client', async () => {
    const { jar } = await signUpAndExchange(h)
    const mine = jar.get(rtCookie)!
    jar.cookies.delete(rtCookie)
    jar.cookies.set('loa_sso_rt_other-app', mine)
    const res = await refresh(jar.header())
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ status: 0, message: 'No session', result: null })
  })

  it('an unknown cookie token: 400 invalid_grant with status 0, and the cookie is cleared', async () => {
    const res = await refresh(`${rtCookie}=not-a-token`)
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({ status: 0, error: 'invalid_grant' })
    expect(res.headers['cache-control']).toBe('no-store')
    const cleared = setCookies(res).find((line) => line.startsWith(`${rtCookie}=`))
    expect(cleared).toMatch(/Max-Age=0/)
  })

  it('a reused token: 400; the revoked family’s cookie is refused and cleared; then "No session"', async () => {
    const { jar, tokens } = await signUpAndExchange(h)
    const rotated = await refresh(jar.header())
    expect(rotated.json().status).toBe(1)
    jar.absorb(rotated)
    const reused = await refresh('', { clientId: SPA.clientId, refreshToken: tokens.refresh_token })
    expect(reused.statusCode).toBe(400)
    // the reuse revoked the family: the cookie's newest token is refused and cleared, then there is no session
    const refused = await refresh(jar.header())
    expect(refused.statusCode).toBe(400)
    jar.absorb(refused)
    expect(jar.get(rtCookie)).toBeUndefined()
    expect((await refresh(jar.header())).json()).toEqual({ status: 0, message: 'No session', result: null })
  })

  it('without a token the other checks still come first: unknown client 400, missing clientId 400, foreign origin 403', async () => {
    const unknown = await refresh('', { clientId: 'nobody' })
    expect(unknown.statusCode).toBe(400)
    expect(unknown.json()).toMatchObject({ error: 'invalid_client' })
    expect((await refresh('', {})).statusCode).toBe(400)
    const evil = await refresh('', { clientId: SPA.clientId }, 'https://evil.example')
    expect(evil.statusCode).toBe(403)
    expect(evil.headers['access-control-allow-origin']).toBeUndefined()
  })
})

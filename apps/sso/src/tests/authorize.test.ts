import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  CookieJar,
  ISSUER,
  SPA,
  authorizeQuery,
  codeFrom,
  createHarness,
  pkcePair,
  submitAuthForm,
  uniqueEmail,
  type Harness,
} from '../testing/harness.ts'

/** sso-security.md checklist group A: authorization endpoint and redirects. */
describe('A. /authorize', () => {
  let h: Harness
  const { challenge } = pkcePair()
  beforeAll(async () => {
    h = await createHarness()
  })
  afterAll(async () => h.close())

  const get = (query: string, headers: Record<string, string> = {}) =>
    h.app.inject({ method: 'GET', url: `/authorize?${query}`, headers })

  it('A1: redirect URIs that differ from the registered one in any way get an error page, never a redirect', async () => {
    const variants = [
      'http://127.0.0.1:5173/cb/',
      'http://127.0.0.1:5173/CB',
      'http://127.0.0.1:5173/cb?x=1',
      'https://127.0.0.1:5173/cb',
      'http://127.0.0.1:5174/cb',
      'http://evil@127.0.0.1:5173/cb',
      'http://127.0.0.1:5173/cb#frag',
      'http://127.0.0.1:5173/cb/../x',
      'http://127.0.0.1:5173/%63b',
      'http://127.0.0.1:5173/cb%2F..',
      '',
    ]
    for (const redirectUri of variants) {
      const res = await get(authorizeQuery({ challenge, redirectUri }))
      expect(res.statusCode, redirectUri).toBe(400)
      expect(res.headers.location, redirectUri).toBeUndefined()
      expect(res.headers['content-type']).toMatch(/text\/html/)
      expect(res.body).toContain('Địa chỉ chuyển hướng không khớp')
    }
  })

  it('A2: unknown clientId gets an error page, no redirect', async () => {
    for (const clientId of ['nope', 'x'.repeat(200), '../loa-web']) {
      const res = await get(authorizeQuery({ challenge, clientId }))
      expect(res.statusCode).toBe(400)
      expect(res.headers.location).toBeUndefined()
    }
    const en = await get(authorizeQuery({ challenge, clientId: 'nope' }), {
      'accept-language': 'en-US,en;q=0.9',
    })
    expect(en.body).toContain('is not registered')
  })

  it('A3: responseType other than code redirects unsupported_response_type with state, never a token', async () => {
    for (const rt of ['token', 'id_token', 'code token', undefined]) {
      const q = new URLSearchParams(authorizeQuery({ challenge, state: 's-A3' }))
      if (rt) q.set('responseType', rt)
      else q.delete('responseType')
      const res = await get(q.toString())
      expect(res.statusCode).toBe(303)
      const loc = new URL(res.headers.location as string)
      expect(loc.origin + loc.pathname).toBe(SPA.redirectUri)
      expect(loc.searchParams.get('error')).toBe('unsupported_response_type')
      expect(loc.searchParams.get('state')).toBe('s-A3')
      expect(loc.searchParams.has('access_token')).toBe(false)
      expect(loc.hash).toBe('')
    }
  })

  it('A4: a public client without codeChallenge is rejected with invalid_request', async () => {
    const q = new URLSearchParams(authorizeQuery({ challenge }))
    q.delete('codeChallenge')
    const res = await get(q.toString())
    expect(res.statusCode).toBe(303)
    expect(new URL(res.headers.location as string).searchParams.get('error')).toBe('invalid_request')
  })

  it('A5: codeChallengeMethod plain, unknown or missing is invalid_request', async () => {
    for (const m of ['plain', 'S512', 's256', '']) {
      const q = new URLSearchParams(authorizeQuery({ challenge }))
      if (m) q.set('codeChallengeMethod', m)
      else q.delete('codeChallengeMethod')
      const res = await get(q.toString())
      expect(new URL(res.headers.location as string).searchParams.get('error'), m).toBe('invalid_request')
    }
  })

  it('A6: a code challenge that is not 43 base64url characters is invalid_request', async () => {
    for (const c of [
      'a'.repeat(42),
      'a'.repeat(129),
      'a'.repeat(42) + '=',
      'a'.repeat(42) + '+',
      'a'.repeat(44),
    ]) {
      const res = await get(authorizeQuery({ challenge: c }))
      expect(new URL(res.headers.location as string).searchParams.get('error'), c).toBe('invalid_request')
    }
  })

  it('A7 + A8: a successful POST answers 303 with code, the byte-exact state and iss; state never reflected raw', async () => {
    const state = `<script>alert("x")</script>'"&${'z'.repeat(2048)}`
    const jar = new CookieJar()
    const page = await get(authorizeQuery({ challenge, state }))
    expect(page.body).not.toContain('<script>alert')
    expect(page.body).toContain('&lt;script&gt;')
    const res = await submitAuthForm(
      h,
      jar,
      { email: uniqueEmail(), password: 'long enough pw', name: 'A7' },
      { challenge, state, action: 'signup' },
    )
    expect(res.statusCode).toBe(303)
    const loc = new URL(res.headers.location as string)
    expect(loc.searchParams.get('state')).toBe(state)
    expect(loc.searchParams.get('iss')).toBe(ISSUER)
    expect(codeFrom(res.headers.location as string)).toMatch(/^[\w-]{43}$/)
  })

  it('A9: username is prefilled escaped; action is allowlisted', async () => {
    const username = '<img src=x onerror=alert(1)>'
    const res = await get(authorizeQuery({ challenge, username, action: 'signup' }))
    expect(res.statusCode).toBe(200)
    expect(res.body).not.toContain('<img src=x')
    expect(res.body).toContain('value="&lt;img src=x onerror=alert(1)&gt;"')
    expect(res.body).toContain('name="name"')
    const login = await get(authorizeQuery({ challenge, action: 'login' }))
    expect(login.body).not.toContain('name="name"')
    const bad = await get(authorizeQuery({ challenge, action: 'delete' }))
    expect(bad.statusCode).toBe(303)
    expect(new URL(bad.headers.location as string).searchParams.get('error')).toBe('invalid_request')
  })

  it('A10: pages carry frame-ancestors none, X-Frame-Options, no-referrer and never CORS', async () => {
    const res = await get(authorizeQuery({ challenge }), { origin: SPA.origin })
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'")
    expect(res.headers['x-frame-options']).toBe('DENY')
    expect(res.headers['referrer-policy']).toBe('no-referrer')
    expect(res.headers['access-control-allow-origin']).toBeUndefined()
    const preflight = await h.app.inject({
      method: 'OPTIONS',
      url: '/authorize',
      headers: { origin: SPA.origin, 'access-control-request-method': 'POST' },
    })
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined()
    const post = await h.app.inject({
      method: 'POST',
      url: '/authorize',
      headers: { origin: SPA.origin, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'client_id=nope',
    })
    expect(post.headers['access-control-allow-origin']).toBeUndefined()
  })

  it('A11: errors after client+redirect validation go only to the registered URI with error + state', async () => {
    const q = new URLSearchParams(authorizeQuery({ challenge, state: 'A11' }))
    q.set('scope', 'openid admin:everything')
    const res = await get(q.toString())
    const loc = new URL(res.headers.location as string)
    expect(`${loc.origin}${loc.pathname}`).toBe(SPA.redirectUri)
    expect(loc.searchParams.get('error')).toBe('invalid_scope')
    expect(loc.searchParams.get('state')).toBe('A11')
    // prompt=none without a session: login_required, to the registered URI only
    const none = new URLSearchParams(authorizeQuery({ challenge, state: 'A11b' }))
    none.set('prompt', 'none')
    const r2 = await get(none.toString())
    expect(new URL(r2.headers.location as string).searchParams.get('error')).toBe('login_required')
  })

  it('accepts the standard snake_case parameters too', async () => {
    const q = new URLSearchParams({
      client_id: SPA.clientId,
      redirect_uri: SPA.redirectUri,
      response_type: 'code',
      code_challenge: challenge,
      code_challenge_method: 'S256',
      scope: 'openid email',
      state: 'snake',
    })
    const res = await get(q.toString())
    expect(res.statusCode).toBe(200)
    expect(res.body).toContain('name="password"')
  })

  it('rejects a form POST without the CSRF token', async () => {
    const res = await h.app.inject({
      method: 'POST',
      url: '/authorize',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        client_id: SPA.clientId,
        redirect_uri: SPA.redirectUri,
        response_type: 'code',
        code_challenge: challenge,
        code_challenge_method: 'S256',
        email: 'a@example.com',
        password: 'whatever123',
      }).toString(),
    })
    expect(res.statusCode).toBe(403)
    expect(res.headers.location).toBeUndefined()
  })
})

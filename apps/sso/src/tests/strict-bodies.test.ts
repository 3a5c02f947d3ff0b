import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { OPERATOR_KEY, SPA, createHarness, signUpAndExchange, type Harness } from '../testing/harness.ts'

/**
 * Issue 13 defect 7 at the SSO: the JSON bodies of its own API are strict like the api's — an unknown key is a
 * coded 400 in the SSO's error shape (spec endpoints: OAuth `invalid_request`; operator API: VALIDATION_FAILED),
 * and the input boundary refuses a too-deep body before parsing. Known keys still work.
 */
describe('strict JSON bodies of the SSO', () => {
  let h: Harness
  beforeAll(async () => {
    h = await createHarness({
      GOOGLE_CLIENT_ID: 'loa-sso',
      GOOGLE_CLIENT_SECRET: 'upstream-secret-value',
      GOOGLE_ISSUER: 'https://accounts.google.com',
      GOOGLE_JWKS_URL: 'http://127.0.0.1:9/certs',
    })
  })
  afterAll(async () => h.close())

  const post = (url: string, body: unknown, headers: Record<string, string> = {}) =>
    h.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/json', origin: SPA.origin, ...headers },
      payload: typeof body === 'string' ? body : JSON.stringify(body),
    })
  const operator = { authorization: `Bearer ${OPERATOR_KEY}` }

  const expectInvalidRequest = (res: Awaited<ReturnType<typeof post>>, key: string) => {
    expect(res.statusCode, res.body).toBe(400)
    const json = res.json()
    expect(json).toMatchObject({ status: 0, error_code: 'invalid_request', error: 'invalid_request' })
    expect(json.error_message).toContain(key)
  }

  it('the spec endpoints refuse an unknown key with 400 invalid_request naming it', async () => {
    expectInvalidRequest(
      await post('/api/v1/auth/refresh-token', { clientId: SPA.clientId, admin: true }),
      'admin',
    )
    expectInvalidRequest(await post('/api/v1/logout', { clientId: SPA.clientId, scope: 'all' }), 'scope')
    expectInvalidRequest(
      await post('/api/v1/auth/google-one-tap', { clientId: SPA.clientId, token: 'x', role: 'admin' }),
      'role',
    )
  })

  it('wrong types are refused the same way, before any lookup', async () => {
    expectInvalidRequest(await post('/api/v1/auth/refresh-token', { clientId: 42 }), 'clientId')
    expectInvalidRequest(
      await post('/api/v1/logout', { clientId: SPA.clientId, redirectUri: ['x'] }),
      'redirectUri',
    )
    expectInvalidRequest(
      await post('/api/v1/auth/google-one-tap', { clientId: SPA.clientId, token: 'x', affiliateCode: 'a b' }),
      'affiliateCode',
    )
  })

  it('a body nested deeper than the limit is refused before parsing, in the error envelope', async () => {
    const deep = `{"clientId":"${SPA.clientId}","x":${'['.repeat(5000)}${']'.repeat(5000)}}`
    const res = await post('/api/v1/auth/refresh-token', deep)
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({ status: 0, error_code: 'VALIDATION_FAILED' })
  })

  it('the operator API refuses unknown keys with 400 VALIDATION_FAILED', async () => {
    const client = await h.app.inject({
      method: 'PUT',
      url: '/admin/v1/clients/strict-test',
      headers: { ...operator, 'content-type': 'application/json' },
      payload: JSON.stringify({ name: 'x', redirect_uris: ['https://x.test/cb'], secret: 'y' }),
    })
    expect(client.statusCode).toBe(400)
    expect(client.json()).toMatchObject({ status: 0, error_code: 'VALIDATION_FAILED' })
    expect(client.json().error_message).toContain('secret')
    const role = await post(
      '/admin/v1/roles',
      { email: 'a@b.test', resource: 'loa-api', role: 'admin', force: true },
      operator,
    )
    expect(role.json()).toMatchObject({ status: 0, error_code: 'VALIDATION_FAILED' })
    const lock = await post('/admin/v1/users/nobody/lock', { locked: true, reason: 'x' }, operator)
    expect(lock.statusCode).toBe(400)
    expect(lock.json().error_code).toBe('VALIDATION_FAILED')
    const rotate = await post('/admin/v1/keys/rotate', { kid: 'mine' }, operator)
    expect(rotate.statusCode).toBe(400)
    expect(rotate.json().error_code).toBe('VALIDATION_FAILED')
  })

  it('known keys keep working: refresh with the cookie, logout, an operator client', async () => {
    const { jar } = await signUpAndExchange(h)
    const refreshed = await post(
      '/api/v1/auth/refresh-token',
      { clientId: SPA.clientId },
      { cookie: jar.header() },
    )
    expect(refreshed.statusCode, refreshed.body).toBe(200)
    expect(refreshed.json().status).toBe(1)
    const out = await post(
      '/api/v1/logout',
      { clientId: SPA.clientId, fingerprint: null },
      { cookie: jar.header() },
    )
    expect(out.statusCode, out.body).toBe(200)
    const saved = await h.app.inject({
      method: 'PUT',
      url: '/admin/v1/clients/strict-test',
      headers: { ...operator, 'content-type': 'application/json' },
      payload: JSON.stringify({ name: 'x', redirect_uris: ['https://x.test/cb'], roles: [] }),
    })
    expect(saved.statusCode, saved.body).toBe(200)
    expect((await post('/admin/v1/tokens/revoke-all', {}, operator)).statusCode).toBe(200)
  })
})

import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  CookieJar,
  OTHER,
  SPA,
  codeFrom,
  createHarness,
  exchangeCode,
  pkcePair,
  submitAuthForm,
  uniqueEmail,
  type Harness,
} from '../testing/harness.ts'

/** sso-security.md checklist group B: token endpoint, authorization code grant. */
describe('B. token endpoint', () => {
  let h: Harness
  const email = uniqueEmail('tok')
  const password = 'token test password'
  beforeAll(async () => {
    h = await createHarness()
    const jar = new CookieJar()
    const res = await submitAuthForm(
      h,
      jar,
      { email, password, name: 'Tok' },
      { challenge: pkcePair().challenge, action: 'signup' },
    )
    expect(res.statusCode).toBe(303)
  })
  afterAll(async () => h.close())

  /** A fresh code from a fresh browser login. */
  const freshCode = async (clientId = SPA.clientId, redirectUri = SPA.redirectUri) => {
    const pkce = pkcePair()
    const res = await submitAuthForm(
      h,
      new CookieJar(),
      { email, password },
      { challenge: pkce.challenge, clientId, redirectUri },
    )
    expect(res.statusCode).toBe(303)
    return { code: codeFrom(res.headers.location as string), ...pkce }
  }
  const body = (code: string, verifier: string, extra: Record<string, string> = {}) => ({
    grant_type: 'authorization_code',
    client_id: SPA.clientId,
    code,
    code_verifier: verifier,
    redirect_uri: SPA.redirectUri,
    ...extra,
  })
  const introspect = async (token: string) =>
    (
      await h.app.inject({
        method: 'POST',
        url: '/protocol/openid-connect/token/introspect',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ token }).toString(),
      })
    ).json() as { active: boolean }

  it('B1: JSON and form bodies both get tokens, no-store, standard fields and the spec envelope', async () => {
    for (const form of [false, true]) {
      const { code, verifier } = await freshCode()
      const res = await exchangeCode(h, body(code, verifier), form)
      expect(res.statusCode).toBe(200)
      expect(res.headers['cache-control']).toBe('no-store')
      const json = res.json()
      expect(json.token_type).toBe('Bearer')
      expect(typeof json.access_token).toBe('string')
      expect(json.expires_in).toBe(300)
      expect(json.status).toBe(1)
      expect(json.result.access_token).toBe(json.access_token)
      expect(json.result.refresh_token).toBe(json.refresh_token)
      expect(json.result.id_token).toBe(json.id_token)
      expect(String(res.headers['set-cookie'])).toMatch(/loa_sso_rt_test-spa=.*HttpOnly/)
    }
  })

  it('B2: a second redemption is invalid_grant and revokes the tokens of the first', async () => {
    const { code, verifier } = await freshCode()
    const first = (await exchangeCode(h, body(code, verifier))).json()
    expect(await introspect(first.access_token)).toMatchObject({ active: true })
    const second = await exchangeCode(h, body(code, verifier))
    expect(second.statusCode).toBe(400)
    expect(second.json()).toMatchObject({ error: 'invalid_grant', status: 0 })
    expect(await introspect(first.access_token)).toEqual({ active: false })
    const refresh = await exchangeCode(h, {
      grant_type: 'refresh_token',
      client_id: SPA.clientId,
      refresh_token: first.refresh_token,
    })
    expect(refresh.statusCode).toBe(400)
    expect(refresh.json().error).toBe('invalid_grant')
  })

  it('B3: a wrong verifier is invalid_grant and the code is spent (our decision: consume before PKCE check)', async () => {
    const { code, verifier } = await freshCode()
    const wrong = (verifier[0] === 'A' ? 'B' : 'A') + verifier.slice(1)
    const res = await exchangeCode(h, body(code, wrong))
    expect(res.statusCode).toBe(400)
    expect(res.json().error).toBe('invalid_grant')
    const retry = await exchangeCode(h, body(code, verifier))
    expect(retry.json().error).toBe('invalid_grant')
  })

  it('B4: no code_verifier is rejected', async () => {
    const { code } = await freshCode()
    const b = body(code, 'x') as Record<string, string>
    delete b.code_verifier
    const res = await exchangeCode(h, b)
    expect(res.statusCode).toBe(400)
    expect(['invalid_request', 'invalid_grant']).toContain(res.json().error)
  })

  it('B5: codes are never issued without a challenge, so no downgrade is possible', async () => {
    const q = new URLSearchParams({
      client_id: SPA.clientId,
      redirect_uri: SPA.redirectUri,
      response_type: 'code',
      state: 's',
    })
    const res = await h.app.inject({ method: 'GET', url: `/authorize?${q}` })
    expect(new URL(res.headers.location as string).searchParams.get('error')).toBe('invalid_request')
    expect(new URL(res.headers.location as string).searchParams.has('code')).toBe(false)
  })

  it('B6: verifiers of length 42 / 129 / with "!" are invalid_request', async () => {
    const { code } = await freshCode()
    for (const v of ['a'.repeat(42), 'a'.repeat(129), `${'a'.repeat(42)}!`]) {
      const res = await exchangeCode(h, body(code, v))
      expect(res.statusCode).toBe(400)
      expect(res.json().error).toBe('invalid_request')
    }
  })

  it('B7: a different redirect_uri is invalid_grant', async () => {
    const { code, verifier } = await freshCode()
    const res = await exchangeCode(h, body(code, verifier, { redirect_uri: SPA.otherRedirectUri }))
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({
      error: 'invalid_grant',
      error_description: 'authorization code redirect_uri mismatch',
    })
  })

  it('B8: a code of client A redeemed as client B is invalid_grant', async () => {
    const { code, verifier } = await freshCode()
    const res = await exchangeCode(
      h,
      body(code, verifier, { client_id: OTHER.clientId, redirect_uri: SPA.redirectUri }),
    )
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({ error: 'invalid_grant', error_description: 'client mismatch' })
  })

  it('B9: a code older than its 60 s TTL is invalid_grant', async () => {
    const { code, verifier } = await freshCode()
    h.clock.advance(61_000)
    const res = await exchangeCode(h, body(code, verifier))
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({
      error: 'invalid_grant',
      error_description: 'authorization code expired',
    })
  })

  it('B10: 20 parallel redemptions of one code give exactly one 200', async () => {
    const { code, verifier } = await freshCode()
    const results = await Promise.all(Array.from({ length: 20 }, () => exchangeCode(h, body(code, verifier))))
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1)
    for (const r of results.filter((x) => x.statusCode !== 200)) expect(r.json().error).toBe('invalid_grant')
    // the replays also revoke what the single success produced, whatever order they ran in
    const won = results.find((r) => r.statusCode === 200)!.json()
    expect(await introspect(won.access_token)).toEqual({ active: false })
  })

  it('B11: unknown grant types, missing params, garbage JSON, wrong content types, huge bodies: OAuth errors, no 500', async () => {
    const cases: { payload: string; type: string; status: number; error: string }[] = [
      {
        payload: JSON.stringify({ grant_type: 'password', client_id: SPA.clientId }),
        type: 'application/json',
        status: 400,
        error: 'unsupported_grant_type',
      },
      {
        payload: JSON.stringify({ client_id: SPA.clientId }),
        type: 'application/json',
        status: 400,
        error: 'invalid_request',
      },
      {
        payload: JSON.stringify({ grant_type: 'authorization_code', client_id: SPA.clientId }),
        type: 'application/json',
        status: 400,
        error: 'invalid_request',
      },
      {
        payload: '{"grant_type": "authorization_code",',
        type: 'application/json',
        status: 400,
        error: 'invalid_request',
      },
      { payload: '[1,2,3]', type: 'application/json', status: 400, error: 'invalid_request' },
      { payload: 'null', type: 'application/json', status: 400, error: 'invalid_request' },
      { payload: 'grant_type=authorization_code', type: 'text/plain', status: 400, error: 'invalid_request' },
      { payload: '<xml/>', type: 'application/xml', status: 415, error: 'invalid_request' },
      {
        payload: JSON.stringify({ grant_type: 'authorization_code', client_id: 'nobody' }),
        type: 'application/json',
        status: 401,
        error: 'invalid_client',
      },
      {
        payload: JSON.stringify({ grant_type: ['a', 'b'], client_id: SPA.clientId }),
        type: 'application/json',
        status: 400,
        error: 'invalid_request',
      },
      {
        payload: 'grant_type=refresh_token&grant_type=authorization_code&client_id=test-spa',
        type: 'application/x-www-form-urlencoded',
        status: 400,
        error: 'invalid_request',
      },
      {
        payload: JSON.stringify({
          grant_type: 'refresh_token',
          client_id: SPA.clientId,
          refresh_token: 'garbage',
        }),
        type: 'application/json',
        status: 400,
        error: 'invalid_grant',
      },
      {
        payload: JSON.stringify({ pad: 'x'.repeat(200_000) }),
        type: 'application/json',
        status: 413,
        error: 'invalid_request',
      },
    ]
    for (const c of cases) {
      const res = await h.app.inject({
        method: 'POST',
        url: '/api/v1/oauth/token',
        headers: { 'content-type': c.type },
        payload: c.payload,
      })
      expect(res.statusCode, c.payload.slice(0, 60)).toBe(c.status)
      const json = res.json()
      expect(json.error, c.payload.slice(0, 60)).toBe(c.error)
      expect(json.status).toBe(0)
      expect(res.body).not.toMatch(/at .*\.ts|stack/i)
    }
  })

  it('B12: PKCE is checked as base64url(sha256(verifier)) with a constant-time comparison', async () => {
    const { code, verifier } = await freshCode()
    // the challenge itself presented as the verifier (plain-method confusion) must fail
    const { challenge } = pkcePair()
    const bad = await exchangeCode(h, body(code, challenge))
    expect(bad.json().error).toBe('invalid_grant')
    const { code: code2, verifier: v2 } = await freshCode()
    expect((await exchangeCode(h, body(code2, v2))).statusCode).toBe(200)
    expect(verifier).not.toBe(v2)
  })
})

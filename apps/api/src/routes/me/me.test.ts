import { app as t } from '@loa/db'
import { eq } from 'drizzle-orm'
import { generateKeyPair } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ISSUER, startTestApi, type TestApi } from '../../test/harness.ts'

let api: TestApi
beforeAll(async () => {
  api = await startTestApi()
})
afterAll(() => api.close())

describe('auth on signed-in calls', () => {
  it('requires a token', async () => {
    const res = await api.call({ method: 'GET', url: '/api/v1/me' })
    expect(res.statusCode).toBe(401)
    expect(res.json()).toMatchObject({ status: 0, error_code: 'UNAUTHORIZED' })
  })

  it('rejects an expired token with TOKEN_EXPIRED', async () => {
    const token = await api.sso.sign({ sub: 'u-exp' }, { expiresIn: Math.floor(Date.now() / 1000) - 120 })
    const res = await api.call({ method: 'GET', url: '/api/v1/me', token })
    expect(res.statusCode).toBe(401)
    expect(res.json().error_code).toBe('TOKEN_EXPIRED')
  })

  it('rejects forged tokens: other key, other issuer, garbage, wrong scheme, alg none', async () => {
    const { privateKey } = await generateKeyPair('RS256')
    const otherKey = await api.sso.sign({ sub: 'u-forged' }, { key: privateKey })
    const otherIssuer = await api.sso.sign({ sub: 'u-forged' }, { issuer: 'http://evil.test' })
    const payload = Buffer.from(
      JSON.stringify({ sub: 'u-forged', iss: ISSUER, exp: 9_999_999_999 }),
    ).toString('base64url')
    const none = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${payload}.`
    const tampered = (await api.token('u-real')).replace(/\.[^.]+\./, `.${payload}.`)
    // ID and refresh tokens are signed with the same keys and issuer but are not access tokens.
    const idToken = await api.sso.sign({ sub: 'u-forged', typ: 'ID' })
    const refreshToken = await api.sso.sign({ sub: 'u-forged', typ: 'Refresh' })
    for (const token of [otherKey, otherIssuer, 'not-a-jwt', none, tampered, idToken, refreshToken]) {
      const res = await api.call({ method: 'GET', url: '/api/v1/me', token })
      expect(res.statusCode).toBe(401)
      expect(res.json().error_code).toBe('TOKEN_INVALID')
    }
    const basic = await api.call({
      method: 'GET',
      url: '/api/v1/me',
      headers: { authorization: 'Basic abc' },
    })
    expect(basic.json().error_code).toBe('TOKEN_INVALID')
    expect(await api.database.db.select().from(t.users).where(eq(t.users.id, 'u-forged'))).toHaveLength(0)
  })

  it('accepts a token within the clock tolerance', async () => {
    const token = await api.sso.sign({ sub: 'u-skew' }, { expiresIn: Math.floor(Date.now() / 1000) - 5 })
    expect((await api.call({ method: 'GET', url: '/api/v1/me', token })).statusCode).toBe(200)
  })
})

describe('GET /api/v1/me', () => {
  it('creates the profile on the first call with the free package and its credits', async () => {
    const token = await api.token('u-me', { picture: 'https://cdn.example/a.png' })
    const res = await api.call({ method: 'GET', url: '/api/v1/me', token })
    expect(res.statusCode).toBe(200)
    const me = res.json().result
    expect(me).toMatchObject({
      id: 'u-me',
      email: 'u-me@example.vn',
      name: 'Người dùng u-me',
      avatar: 'https://cdn.example/a.png',
      credits_balance: 5000,
      credits: { balance: 5000 },
      package_code: 'STUDIO-FREE-V3',
      package: { code: 'STUDIO-FREE-V3', devices: 1 },
      is_admin: false,
    })
    expect(me.affiliate_code).toMatch(/^LOA[A-Z0-9]{6}$/)
    const again = await api.call({ method: 'GET', url: '/api/v1/me', token })
    expect(again.json().result.credits_balance).toBe(5000)
    expect(again.json().result.affiliate_code).toBe(me.affiliate_code)
    const ledger = await api.call({ method: 'GET', url: '/api/v1/credits/transactions', token })
    expect(ledger.json().result.items).toMatchObject([
      {
        product: 'aivoice',
        kind: 'GRANT',
        amount: 5000,
        balance_after: 5000,
        reference: 'package:STUDIO-FREE-V3',
      },
    ])
    // One free allowance per product wallet; the trials lapse, the studio allowance does not.
    const byProduct = Object.fromEntries(
      (me.balances as { product: string; balance: number; expires_at: string | null }[]).map((b) => [
        b.product,
        b,
      ]),
    )
    expect(byProduct.aivoice).toMatchObject({ balance: 5000, expires_at: null })
    // The studio (the package's expiry) and /admin (the wallet's) tell the same: the free plan does not lapse.
    expect(me.package_expires_at).toBeNull()
    expect(me.package.expires_at).toBeNull()
    // The plan's name in the asked language (the page's), Vietnamese by default.
    expect(me.package.name).toBe('Miễn phí')
    const english = await api.call({ method: 'GET', url: '/api/v1/me?locale=en', token })
    expect(english.json().result.package.name).toBe('Free')
    expect(byProduct.aivoiceapi).toMatchObject({ balance: 5000, package_code: 'API-TRIAL' })
    expect(byProduct.aidubbing).toMatchObject({ balance: 600, package_code: 'DUBBING-TRIAL' })
    expect(new Date(byProduct.aidubbing!.expires_at!).getTime()).toBeGreaterThan(Date.now() + 6 * 86_400_000)
    expect(byProduct.aicall).toMatchObject({ balance: 10_000, package_code: 'CALL-TRIAL' })
    const dubbing = await api.call({
      method: 'GET',
      url: '/api/v1/credits/transactions?product=aidubbing',
      token,
    })
    expect(dubbing.json().result).toMatchObject({ product: 'aidubbing', balance: 600, total: 1 })
  })

  it('creates exactly one profile under concurrent first calls', async () => {
    const token = await api.token('u-race')
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => api.call({ method: 'GET', url: '/api/v1/me', token })),
    )
    expect(answers.map((a) => a.statusCode)).toEqual(Array(6).fill(200))
    const entries = await api.database.db
      .select()
      .from(t.creditEntries)
      .where(eq(t.creditEntries.userId, 'u-race'))
    // One sign-up grant per product wallet, never two.
    expect(entries.map((e) => e.product).sort()).toEqual(['aicall', 'aidubbing', 'aivoice', 'aivoiceapi'])
  })

  it('reports the admin role from resource_access', async () => {
    const token = await api.token('u-admin', { roles: ['admin'] })
    expect((await api.call({ method: 'GET', url: '/api/v1/me', token })).json().result).toMatchObject({
      is_admin: true,
      roles: ['admin'],
    })
  })
})

describe('attribution and heartbeat', () => {
  it('attributes once to an existing code, never to oneself', async () => {
    const token = await api.token('u-aff')
    const me = (await api.call({ method: 'GET', url: '/api/v1/me', token })).json().result
    const self = await api.call({
      method: 'PUT',
      url: '/api/v1/users/update-affiliate-marketer',
      token,
      payload: { affiliate_code: me.affiliate_code },
    })
    expect(self.json().error_code).toBe('AFFILIATE_SELF_REFERRAL')
    const unknown = await api.call({
      method: 'PUT',
      url: '/api/v1/users/update-affiliate-marketer',
      token,
      payload: { affiliate_code: 'NOPE' },
    })
    expect(unknown.statusCode).toBe(404)
    const [before] = await api.database.db
      .select()
      .from(t.affiliateMarketers)
      .where(eq(t.affiliateMarketers.code, 'DOITAC2026'))
    const set = await api.call({
      method: 'PUT',
      url: '/api/v1/users/update-affiliate-marketer',
      token,
      payload: { affiliate_code: 'DOITAC2026', affiliate_time: '2026-11-01T00:00:00Z' },
    })
    expect(set.json().result).toEqual({
      referred_by: 'DOITAC2026',
      affiliate_time: '2026-11-01T00:00:00.000Z',
    })
    const same = await api.call({
      method: 'PUT',
      url: '/api/v1/users/update-affiliate-marketer',
      token,
      payload: { affiliate_code: 'DOITAC2026' },
    })
    expect(same.statusCode).toBe(200)
    const other = await api.call({
      method: 'PUT',
      url: '/api/v1/users/update-affiliate-marketer',
      token,
      payload: { affiliate_code: me.affiliate_code },
    })
    expect(other.json().error_code).toBe('AFFILIATE_ALREADY_SET')
    const [after] = await api.database.db
      .select()
      .from(t.affiliateMarketers)
      .where(eq(t.affiliateMarketers.code, 'DOITAC2026'))
    expect(after!.numberOfSignups).toBe(before!.numberOfSignups + 1)
    const future = await api.call({
      method: 'PUT',
      url: '/api/v1/users/update-affiliate-marketer',
      token: await api.token('u-aff2'),
      payload: { affiliate_code: 'DOITAC2026', affiliate_time: '2999-01-01T00:00:00Z' },
    })
    expect(future.json().error_code).toBe('VALIDATION_FAILED')
  })

  it('records the ads provider and the heartbeat', async () => {
    const token = await api.token('u-ads')
    const ads = await api.call({
      method: 'PUT',
      url: '/api/v1/users/update-ads-provider',
      token,
      payload: { ads_provider: 'google', ads_provider_time: 1_763_000_000_000 },
    })
    expect(ads.json().result.ads_provider).toBe('google')
    expect(
      (
        await api.call({
          method: 'PUT',
          url: '/api/v1/users/update-ads-provider',
          token,
          payload: { ads_provider: '' },
        })
      ).statusCode,
    ).toBe(400)
    const online = await api.call({ method: 'POST', url: '/api/v1/online', token })
    expect(online.statusCode).toBe(200)
    const me = (await api.call({ method: 'GET', url: '/api/v1/me', token })).json().result
    expect(me.last_seen_at).toBe(online.json().result.last_seen_at)
    expect(me.ads_provider).toBe('google')
    expect(
      (
        await api.call({
          method: 'PUT',
          url: '/api/v1/users/update-ads-provider',
          payload: { ads_provider: 'x' },
        })
      ).statusCode,
    ).toBe(401)
  })
})

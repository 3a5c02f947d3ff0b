import { app as t } from '@loa/db'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestApi, type TestApi } from '../../test/harness.ts'

let api: TestApi
beforeAll(async () => {
  api = await startTestApi({ env: { API_RATE_LIMIT_FORMS: '3', API_RATE_LIMIT_PUBLIC_WRITES: '1000' } })
})
afterAll(() => api.close())

const count = async (table: typeof t.contacts | typeof t.demoEvents | typeof t.deleteAccountRequests) => {
  const [row] = await api.database.db.select({ n: sql<number>`count(*)::int` }).from(table)
  return row!.n
}

describe('POST /api/v1/demo-events', () => {
  it('stores a demo play', async () => {
    const res = await api.call({
      method: 'POST',
      url: '/api/v1/demo-events',
      payload: { fingerprint: 'fp-1', voice_code: 'hn_female_thuha_news', duration: 4.2, click: true },
    })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ status: 1, result: { id: expect.any(Number) } })
    const [row] = await api.database.db
      .select()
      .from(t.demoEvents)
      .where(eq(t.demoEvents.fingerprint, 'fp-1'))
    expect(row).toMatchObject({ voiceCode: 'hn_female_thuha_news', duration: 4, click: 1 })
  })

  it('rejects unknown voices, bad types and malformed JSON', async () => {
    const before = await count(t.demoEvents)
    const unknown = await api.call({
      method: 'POST',
      url: '/api/v1/demo-events',
      payload: { fingerprint: 'x', voice_code: 'nope' },
    })
    expect(unknown.statusCode).toBe(404)
    expect(unknown.json().error_code).toBe('VOICE_NOT_FOUND')
    const bad = await api.call({
      method: 'POST',
      url: '/api/v1/demo-events',
      payload: { fingerprint: 1, voice_code: 'hn_female_thuha_news', duration: -1 },
    })
    expect(bad.json().error_code).toBe('VALIDATION_FAILED')
    const malformed = await api.call({
      method: 'POST',
      url: '/api/v1/demo-events',
      headers: { 'content-type': 'application/json' },
      payload: '{"fingerprint":',
    })
    expect(malformed.statusCode).toBe(400)
    expect(malformed.json().error_code).toBe('MALFORMED_JSON')
    expect(await count(t.demoEvents)).toBe(before)
  })
})

describe('PUT /api/v1/affiliateMarketer/increase-number-of-clicks', () => {
  it('counts clicks on a known code and 404s on an unknown one', async () => {
    const first = await api.call({
      method: 'PUT',
      url: '/api/v1/affiliateMarketer/increase-number-of-clicks',
      payload: { code: 'DOITAC2026' },
    })
    const second = await api.call({
      method: 'PUT',
      url: '/api/v1/affiliateMarketer/increase-number-of-clicks',
      payload: { code: 'DOITAC2026' },
    })
    expect(second.json().result.number_of_clicks).toBe(first.json().result.number_of_clicks + 1)
    const unknown = await api.call({
      method: 'PUT',
      url: '/api/v1/affiliateMarketer/increase-number-of-clicks',
      payload: { code: 'NOPE' },
    })
    expect(unknown.statusCode).toBe(404)
    expect(unknown.json().error_code).toBe('AFFILIATE_CODE_NOT_FOUND')
    const bad = await api.call({
      method: 'PUT',
      url: '/api/v1/affiliateMarketer/increase-number-of-clicks',
      payload: { code: '<script>' },
    })
    expect(bad.json().error_code).toBe('VALIDATION_FAILED')
  })
})

describe('GET /api/v1/shortlink/{code}', () => {
  it('answers JSON by default and 302 with ?redirect=true', async () => {
    const json = await api.call({ method: 'GET', url: '/api/v1/shortlink/studio' })
    expect(json.json().result).toMatchObject({
      code: 'studio',
      url: 'http://localhost:3000/studio/text-to-speech',
    })
    const redirect = await api.call({ method: 'GET', url: '/api/v1/shortlink/studio?redirect=true' })
    expect(redirect.statusCode).toBe(302)
    expect(redirect.headers.location).toBe('http://localhost:3000/studio/text-to-speech')
    const missing = await api.call({ method: 'GET', url: '/api/v1/shortlink/nothing-here' })
    expect(missing.json()).toMatchObject({ status: 0, error_code: 'SHORTLINK_NOT_FOUND' })
    expect((await api.call({ method: 'GET', url: '/api/v1/shortlink/..%2Fetc' })).statusCode).toBe(400)
  })
})

describe('GET /api/v1/news', () => {
  it('lists seeded Vietnamese posts newest first, by blog, with paging', async () => {
    const all = await api.call({ method: 'GET', url: '/api/v1/news?limit=10&offset=0' })
    const items = all.json().result.items as { published_at: string; slug: string; title: string }[]
    expect(items.length).toBeGreaterThanOrEqual(4)
    expect(items.map((n) => n.published_at)).toEqual([...items.map((n) => n.published_at)].sort().reverse())
    expect(items.some((n) => /Loa/.test(n.title))).toBe(true)
    const guides = await api.call({ method: 'GET', url: '/api/v1/news?blog=huong-dan' })
    expect(guides.json().result.items.every((n: { blog: string }) => n.blog === 'huong-dan')).toBe(true)
    const page = await api.call({ method: 'GET', url: '/api/v1/news?limit=1&offset=1' })
    expect(page.json().result.items[0].slug).toBe(items[1]!.slug)
    const one = await api.call({ method: 'GET', url: `/api/v1/news/${items[0]!.slug}` })
    expect(one.json().result.slug).toBe(items[0]!.slug)
    expect((await api.call({ method: 'GET', url: '/api/v1/news?limit=500' })).statusCode).toBe(400)
    expect((await api.call({ method: 'GET', url: '/api/v1/news/khong-co' })).json().error_code).toBe(
      'NEWS_NOT_FOUND',
    )
  })
})

describe('POST /api/v1/contacts', () => {
  const valid = {
    name: 'Nguyễn Văn A',
    email: 'a@example.vn',
    phone_number: '0912 345 678',
    purpose: 'Tư vấn gói doanh nghiệp',
    content: 'Tôi muốn dùng API.',
  }

  it('validates, stores, then rate-limits', async () => {
    const before = await count(t.contacts)
    for (const [i, bad] of [
      { ...valid, email: 'not-an-email' },
      { ...valid, phone_number: 'call me' },
      { ...valid, content: 'x'.repeat(5_001) },
      { ...valid, name: '' },
      { ...valid, purpose: undefined },
    ].entries()) {
      const res = await api.call({
        method: 'POST',
        url: '/api/v1/contacts',
        payload: bad,
        remoteAddress: `10.0.0.${20 + i}`,
      })
      expect(res.statusCode).toBe(400)
      expect(res.json().error_code).toBe('VALIDATION_FAILED')
    }
    expect(await count(t.contacts)).toBe(before)
    const okRes = await api.call({
      method: 'POST',
      url: '/api/v1/contacts',
      payload: valid,
      remoteAddress: '10.0.0.1',
    })
    expect(okRes.statusCode).toBe(200)
    expect(await count(t.contacts)).toBe(before + 1)
    let last = okRes
    for (let i = 0; i < 3; i++)
      last = await api.call({
        method: 'POST',
        url: '/api/v1/contacts',
        payload: valid,
        remoteAddress: '10.0.0.1',
      })
    expect(last.statusCode).toBe(429)
    expect(last.json()).toMatchObject({ status: 0, error_code: 'RATE_LIMITED' })
    expect(last.headers['retry-after']).toBeDefined()
    expect(await count(t.contacts)).toBe(before + 3)
  })
})

describe('POST /api/v1/request-to-delete-account', () => {
  it('stores the request, ties it to the signed-in user, rejects bad tokens', async () => {
    const anon = await api.call({
      method: 'POST',
      url: '/api/v1/request-to-delete-account',
      payload: { contact: 'a@example.vn' },
      remoteAddress: '10.0.1.1',
    })
    expect(anon.json().result.status).toBe('PENDING')
    const token = await api.token('user-del')
    const signed = await api.call({
      method: 'POST',
      url: '/api/v1/request-to-delete-account',
      token,
      payload: { contact: '0912345678' },
      remoteAddress: '10.0.1.2',
    })
    const [row] = await api.database.db
      .select()
      .from(t.deleteAccountRequests)
      .where(eq(t.deleteAccountRequests.id, signed.json().result.id))
    expect(row!.userId).toBe('user-del')
    const forged = await api.call({
      method: 'POST',
      url: '/api/v1/request-to-delete-account',
      token: 'abc.def.ghi',
      payload: { contact: 'x@y.vn' },
      remoteAddress: '10.0.1.3',
    })
    expect(forged.statusCode).toBe(401)
    expect(
      (
        await api.call({
          method: 'POST',
          url: '/api/v1/request-to-delete-account',
          payload: {},
          remoteAddress: '10.0.1.4',
        })
      ).statusCode,
    ).toBe(400)
  })
})

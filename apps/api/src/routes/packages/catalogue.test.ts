import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestApi, type TestApi } from '../../test/harness.ts'

let api: TestApi
beforeAll(async () => {
  api = await startTestApi()
})
afterAll(() => api.close())

const get = async (url: string) => {
  const res = await api.call({ method: 'GET', url })
  return { res, body: res.json() }
}

describe('GET /api/v1/packages', () => {
  it('lists the landing-page price list in VND', async () => {
    const { res, body } = await get('/api/v1/packages?active=true&purchasable=true&is_landing_page=true')
    expect(res.statusCode).toBe(200)
    const items = body.result.items as Record<string, unknown>[]
    expect(items.length).toBeGreaterThan(5)
    for (const p of items) {
      expect(p).toMatchObject({ active: true, purchasable: true, is_landing_page: true, currency: 'VND' })
      expect(['AUTO_RENEW', 'PREPAID']).toContain(p.kind)
      expect(typeof p.credits).toBe('number')
      expect(typeof p.devices).toBe('number')
      expect(typeof p.voice_clonings).toBe('number')
    }
  })

  it("says each card's VAT, and the price with VAT is checkout's total (issue 28)", async () => {
    const { body } = await get(
      '/api/v1/packages?active=true&purchasable=true&code=STUDIO-STANDARD-MONTH-V3.1',
    )
    const [listed] = body.result.items as { price: number; vat_percent: number; price_with_vat: number }[]
    expect(listed).toMatchObject({ price: 99_000, vat_percent: 10, price_with_vat: 108_900 })
    const quote = await api.call({
      method: 'POST',
      url: '/api/v1/orders/quote',
      token: await api.token('u-vat-card'),
      payload: { package_code: 'STUDIO-STANDARD-MONTH-V3.1' },
    })
    expect(quote.json().result).toMatchObject({ discount: 0, total: listed!.price_with_vat })
  })

  it('holds every named code of the spec', async () => {
    const { body } = await get('/api/v1/packages')
    const codes = new Set(body.result.items.map((p: { code: string }) => p.code))
    for (const code of [
      'STUDIO-TRIAL',
      'STUDIO-BASIC',
      'STUDIO-FREE',
      'DUBBING-BASIC',
      'DUBBING-TRIAL',
      'STUDIO-FREE-V2',
      'STUDIO-FREE-V3',
      'STUDIO-BUSINESS',
      'API-BUSINESS',
      'API-BUSINESS-V3.1',
      'API-ENTERPRISE-YEAR-V2',
      'STUDIO-STANDARD-MONTH-V3',
      'STUDIO-VIP-YEAR-V3.1',
      'STUDIO-SPECIAL-TOPUP',
      'STUDIO-CUSTOM-MONTH-V3.1',
    ])
      expect(codes).toContain(code)
    const cycles = new Set(body.result.items.map((p: { cycle: string | null }) => p.cycle))
    for (const c of ['monthly', 'quarterly', 'yearly']) expect(cycles).toContain(c)
  })

  it('filters by type and rejects unknown enum values', async () => {
    const api2 = await get('/api/v1/packages?type=API')
    expect(api2.body.result.items.every((p: { type: string }) => p.type === 'API')).toBe(true)
    for (const q of ['type=RADIO', 'active=yes', 'family=GOLD', 'cycle=weekly'])
      expect((await get(`/api/v1/packages?${q}`)).body.error_code).toBe('VALIDATION_FAILED')
  })
})

describe('GET /api/v1/banners/active', () => {
  it('returns the landing popup with an http(s) action URL', async () => {
    const { res, body } = await get('/api/v1/banners/active')
    expect(res.statusCode).toBe(200)
    const popup = body.result.banners.find((b: { type: string }) => b.type === 'LANDING_PAGE_POPUP')
    expect(popup).toMatchObject({ image_url: '/images/popup-banner.png', position: 'MIDDLE_CENTER' })
    expect(popup.action_url).toMatch(/^https?:\/\//)
  })
})

describe('vouchers (public)', () => {
  it('lists public vouchers and the banner voucher', async () => {
    const list = await get('/api/v1/public-vouchers')
    const codes = list.body.result.items.map((v: { code: string }) => v.code)
    expect(codes).toContain('LOA10')
    expect(codes).not.toContain('KHACHQUEN50K')
    const banner = await get('/api/v1/vouchers/banner')
    expect(banner.body.result.voucher.code).toBe('LOA10')
  })
})

describe('service shell', () => {
  it('serves OpenAPI 3 generated from the route schemas, and the docs page', async () => {
    const res = await api.call({
      method: 'GET',
      url: '/api/v1/admin/openapi.json',
      token: await api.token('operator', { roles: ['admin'] }),
    })
    const body = res.json()
    expect(res.statusCode).toBe(200)
    expect(body.openapi).toMatch(/^3\./)
    expect(body.paths['/api/v1/voices'].get.parameters.map((p: { name: string }) => p.name)).toContain(
      'has_dubbing',
    )
    // The reference itself is the site's /docs (apps/api/src/openapi/documents.test.ts).
    expect((await api.call({ method: 'GET', url: '/api/v1/docs/' })).statusCode).toBe(302)
  })

  it('answers health, unknown routes with NOT_FOUND, and sets security and CORS headers', async () => {
    expect((await get('/healthz')).res.statusCode).toBe(200)
    expect((await get('/readyz')).res.statusCode).toBe(200)
    const missing = await get('/api/v1/nope')
    expect(missing.res.statusCode).toBe(404)
    expect(missing.body).toMatchObject({ status: 0, error_code: 'NOT_FOUND' })
    const allowed = await api.call({
      method: 'GET',
      url: '/api/v1/voices',
      headers: { origin: 'http://localhost:3000' },
    })
    expect(allowed.headers['access-control-allow-origin']).toBe('http://localhost:3000')
    expect(allowed.headers['x-content-type-options']).toBe('nosniff')
    const other = await api.call({
      method: 'GET',
      url: '/api/v1/voices',
      headers: { origin: 'https://evil.example' },
    })
    expect(other.headers['access-control-allow-origin']).toBeUndefined()
  })
})

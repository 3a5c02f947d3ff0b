import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestApi, type TestApi } from '../../test/harness.ts'

let api: TestApi
beforeAll(async () => {
  api = await startTestApi()
})
afterAll(() => api.close())

const get = async (url: string, headers: Record<string, string> = {}) =>
  (await api.call({ method: 'GET', url, headers })).json()

/** Vietnamese-only letters: none may reach the English site from the seeded catalogue. */
const VIETNAMESE = /[ăâđêôơưạảấầẩẫậắằẳẵặẹẻẽếềểễệỉịọỏốồổỗộớờởỡợụủứừửữựỳỵỷỹ]/i

describe('catalogue texts by language', () => {
  it('packages: English names, descriptions and highlights with ?locale=en or Accept-Language: en', async () => {
    const landing = '/api/v1/packages?active=true&purchasable=true&is_landing_page=true'
    for (const body of [
      await get(`${landing}&locale=en`),
      await get(landing, { 'accept-language': 'en-US,en;q=0.9' }),
    ]) {
      const items = body.result.items as {
        code: string
        name: string
        description: string
        highlights: string[]
      }[]
      expect(items.length).toBeGreaterThan(5)
      for (const p of items) {
        expect(`${p.code}: ${p.name} ${p.description} ${p.highlights.join(' ')}`).not.toMatch(VIETNAMESE)
      }
    }
    const free = (await get('/api/v1/packages?code=STUDIO-FREE-V3&locale=en')).result.items[0]
    expect(free.name).toBe('Free')
    expect(free.translations.en.name).toBe('Free')
    const vi = (await get('/api/v1/packages?code=STUDIO-FREE-V3', { 'accept-language': 'vi' })).result
      .items[0]
    expect(vi.name).toBe('Miễn phí')
    // ?locale wins over the header.
    const asked = (await get('/api/v1/packages?code=STUDIO-FREE-V3&locale=vi', { 'accept-language': 'en' }))
      .result.items[0]
    expect(asked.name).toBe('Miễn phí')
  })

  it('no seeded package advertises voice cloning or repeats a feature', async () => {
    for (const locale of ['vi', 'en']) {
      const items = (await get(`/api/v1/packages?active=true&locale=${locale}`)).result.items as {
        highlights: string[]
      }[]
      for (const p of items) {
        expect(new Set(p.highlights).size).toBe(p.highlights.length)
        for (const h of p.highlights) expect(h).not.toMatch(/nhân bản|clon/i)
      }
    }
  })

  it('the popup banner has an English picture', async () => {
    const en = (await get('/api/v1/banners/active?locale=en')).result.banners[0]
    const vi = (await get('/api/v1/banners/active')).result.banners[0]
    expect(vi.image_url).toBe('/images/popup-banner.png')
    expect(en.image_url).toBe('/images/popup-banner-en.png')
    // One banner in two languages: the same edit time (a visitor who closed it in one has seen it).
    expect(en.updated_at).toBe(vi.updated_at)
  })

  it('vouchers in English', async () => {
    const items = (await get('/api/v1/public-vouchers?locale=en')).result.items as { title: string }[]
    expect(items.length).toBeGreaterThan(0)
    for (const v of items) expect(v.title).not.toMatch(VIETNAMESE)
    const banner = (await get('/api/v1/vouchers/banner', { 'accept-language': 'en' })).result.voucher
    expect(banner.title).toBe('10% off every Studio package')
  })

  it('news per language; a language without posts falls back to Vietnamese and says so', async () => {
    const en = (await get('/api/v1/news?locale=en')).result
    expect(en).toMatchObject({ locale: 'en', fallback: false })
    expect(en.items.length).toBeGreaterThan(0)
    for (const post of en.items) {
      expect(post.locale).toBe('en')
      expect(`${post.title} ${post.summary}`).not.toMatch(VIETNAMESE)
    }
    const vi = (await get('/api/v1/news')).result
    expect(vi).toMatchObject({ locale: 'vi', fallback: false })
    expect(vi.items.every((p: { locale: string }) => p.locale === 'vi')).toBe(true)
    const guides = (await get('/api/v1/news?blog=no-such-blog&locale=en')).result
    expect(guides).toMatchObject({ locale: 'vi', fallback: true, total: 0 })
  })
})

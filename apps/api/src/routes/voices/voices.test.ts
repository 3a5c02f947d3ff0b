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

describe('GET /api/v1/voices', () => {
  it('lists the seeded catalogue with the wire shape', async () => {
    const { res, body } = await get('/api/v1/voices')
    expect(res.statusCode).toBe(200)
    expect(body.status).toBe(1)
    expect(body.result.total).toBeGreaterThanOrEqual(11)
    const v = body.result.items[0]
    for (const key of [
      'code',
      'name',
      'gender',
      'region',
      'language_code',
      'features',
      'level',
      'sample_audio_url',
      'audio_link',
      'has_dubbing',
      'rank',
    ])
      expect(v).toHaveProperty(key)
    // Honest tiers (issue #26 §3): every seeded voice is eSpeak, so BASIC, billed at factor 1 — none is premium.
    const all = await get('/api/v1/voices?limit=100')
    for (const item of all.body.result.items as { level: string; credit_factor: number; provider: string }[])
      if (item.provider === 'loa') expect([item.level, item.credit_factor]).toEqual(['BASIC', 1])
    const ranks = body.result.items.map((i: { rank: number }) => i.rank)
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b))
  })

  it('filters by gender, region, features, has_dubbing and code', async () => {
    const { body } = await get('/api/v1/voices?gender=MALE&region=SOUTH')
    expect(body.result.items.length).toBeGreaterThan(0)
    for (const v of body.result.items) expect([v.gender, v.region]).toEqual(['MALE', 'SOUTH'])

    const news = await get('/api/v1/voices?features=NEWS,ADVERTISE')
    for (const v of news.body.result.items)
      expect(v.features).toEqual(expect.arrayContaining(['NEWS', 'ADVERTISE']))
    expect(news.body.result.total).toBe(news.body.result.items.length)

    const dub = await get('/api/v1/voices?has_dubbing=true&is_sample=true')
    for (const v of dub.body.result.items) expect(v.has_dubbing && v.is_sample).toBe(true)

    const one = await get('/api/v1/voices?code=hn_female_thuha_news')
    expect(one.body.result.items.map((v: { code: string }) => v.code)).toEqual(['hn_female_thuha_news'])
  })

  it('searches by name with accents and paginates with a total', async () => {
    const { body } = await get(`/api/v1/voices?search=${encodeURIComponent('Thu Hà')}`)
    expect(body.result.items[0].code).toBe('hn_female_thuha_news')
    const page = await get('/api/v1/voices?offset=2&limit=3')
    expect(page.body.result.items).toHaveLength(3)
    expect(page.body.result.total).toBeGreaterThanOrEqual(11)
    const weird = await get(`/api/v1/voices?search=${encodeURIComponent('%_\\')}`)
    expect(weird.body.result.total).toBe(0)
  })

  it('returns only the requested fields', async () => {
    const { body } = await get('/api/v1/voices?fields=code,name&limit=2')
    expect(Object.keys(body.result.items[0]).sort()).toEqual(['code', 'name'])
  })

  it.each([
    'gender=ROBOT',
    'features=SINGING',
    'limit=0',
    'limit=100000',
    'offset=-1',
    'sort=random',
    'fields=password',
    'active=maybe',
    `search=${'a'.repeat(101)}`,
  ])('rejects %s with VALIDATION_FAILED', async (query) => {
    const { res, body } = await get(`/api/v1/voices?${query}`)
    expect(res.statusCode).toBe(400)
    expect(body).toMatchObject({ status: 0, error_code: 'VALIDATION_FAILED' })
  })
})

describe('GET /api/v1/sample-scripts', () => {
  it('has Vietnamese scripts for every purpose', async () => {
    const { body } = await get('/api/v1/sample-scripts')
    const purposes = new Set(body.result.items.map((s: { purpose: string }) => s.purpose))
    expect([...purposes].sort()).toEqual(['ADVERTISE', 'AUDIO_BOOK', 'NEWS', 'REVIEW_FILM'])
    const news = await get('/api/v1/sample-scripts?purpose=NEWS')
    expect(news.body.result.items.every((s: { purpose: string }) => s.purpose === 'NEWS')).toBe(true)
    expect((await get('/api/v1/sample-scripts?purpose=X')).res.statusCode).toBe(400)
  })
})

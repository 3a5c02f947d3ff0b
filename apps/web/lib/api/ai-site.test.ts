import { afterEach, describe, expect, test, vi } from 'vitest'
import { createSiteApi } from './ai-site'

afterEach(() => vi.unstubAllGlobals())

describe('spec §7 "POST {ai-site}/api/v1/contacts", "GET {ai-site}/api/v1/news": a base of their own', () => {
  test('contact and news go to the ai-site; every other call to the API', async () => {
    const seen: string[] = []
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        seen.push(url)
        return new Response(JSON.stringify({ status: 1, result: { items: [] } }), { status: 200 })
      }),
    )
    const api = createSiteApi('http://api.test', 'http://ai-site.test')
    await api.getNews({ limit: 3 })
    await api.postContact({ name: 'a', email: 'b@c.vn', phoneNumber: '1', purpose: 'p', content: 'x' })
    await api.getSampleScripts()
    expect(seen).toEqual([
      'http://ai-site.test/api/v1/news?limit=3',
      'http://ai-site.test/api/v1/contacts',
      'http://api.test/api/v1/sample-scripts',
    ])
  })

  test('by default (AI_SITE_URL unset) the ai-site is the API itself', async () => {
    const seen: string[] = []
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        seen.push(url)
        return new Response(JSON.stringify({ status: 1, result: [] }), { status: 200 })
      }),
    )
    await createSiteApi('http://api.test', 'http://api.test').getNews()
    expect(seen).toEqual(['http://api.test/api/v1/news'])
  })
})

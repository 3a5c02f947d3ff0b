import { afterEach, describe, expect, test, vi } from 'vitest'
import { createHttpClient } from '../http/client'
import { SAMPLE_VOICE_FIELDS } from '../voices'
import { createApi } from './endpoints'

afterEach(() => vi.unstubAllGlobals())

describe('spec §7 "GET /voices with params isSample, fields, provider, global"', () => {
  test('the web sends them with the API’s snake_case names', async () => {
    const seen: string[] = []
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        seen.push(url)
        return new Response(JSON.stringify({ status: 1, result: { total: 0, items: [] } }), { status: 200 })
      }),
    )
    const api = createApi(createHttpClient('http://api.test'))
    await api.getVoices({
      isSample: true,
      fields: SAMPLE_VOICE_FIELDS.join(','),
      provider: 'loa',
      global: false,
    })
    const url = new URL(seen[0]!)
    expect(url.pathname).toBe('/api/v1/voices')
    expect(Object.fromEntries(url.searchParams)).toEqual({
      is_sample: 'true',
      fields: 'code,name,gender,region,features,sample_audio_url,audio_link,rank,level',
      provider: 'loa',
      global: 'false',
    })
  })
})

import { describe, expect, it } from 'vitest'
import { clearAttribution, markClickCounted, readAttribution, rememberFromUrl } from './attribution'

const memoryStore = () => {
  const data = new Map<string, string>()
  return {
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
    removeItem: (k: string) => void data.delete(k),
  }
}

describe('affiliate and ads-provider attribution', () => {
  it('counts an affiliate click once per visitor and remembers the code until signup', () => {
    const store = memoryStore()
    const now = new Date('2026-11-21T06:00:00Z')
    expect(rememberFromUrl('https://loa.vn/?aff=PARTNER1', store, now)).toEqual({ clickToCount: 'PARTNER1' })
    markClickCounted('PARTNER1', store)
    expect(rememberFromUrl('https://loa.vn/en?aff=PARTNER1', store)).toEqual({})
    expect(readAttribution(store).affiliate).toEqual({ code: 'PARTNER1', time: now.toISOString() })
    clearAttribution('affiliate', store)
    expect(readAttribution(store).affiliate).toBeUndefined()
  })

  it('remembers the ads provider from an explicit parameter or a click id; ignores malformed codes', () => {
    const store = memoryStore()
    rememberFromUrl('https://loa.vn/?gclid=abc', store)
    expect(readAttribution(store).adsProvider?.code).toBe('google')
    rememberFromUrl('https://loa.vn/?ads_provider=tiktok', store)
    expect(readAttribution(store).adsProvider?.code).toBe('tiktok')
    expect(rememberFromUrl('https://loa.vn/?aff=%3Cscript%3E', store)).toEqual({})
    expect(readAttribution(store).affiliate).toBeUndefined()
  })
})

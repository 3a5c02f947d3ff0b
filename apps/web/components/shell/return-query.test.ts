import { describe, expect, it } from 'vitest'
import { keepReturnQuery, restoredAddress, RETURN_QUERY_KEY, RETURN_QUERY_TTL_MS } from './return-query'

const memory = () => {
  const items = new Map<string, string>()
  return {
    getItem: (k: string) => items.get(k) ?? null,
    setItem: (k: string, v: string) => void items.set(k, v),
    removeItem: (k: string) => void items.delete(k),
    items,
  }
}

describe('a query kept through the sign-in', () => {
  it('signs in to the path alone and puts the query back on that page, once', () => {
    const store = memory()
    expect(keepReturnQuery(store, '/studio/payments?package=STUDIO-VIP-MONTH-V3.1', '/en', 1_000)).toBe(
      '/studio/payments',
    )
    // Back from the SSO with its code: the client exchanges it and reloads; the reloaded page gets the choice.
    expect(restoredAddress(store, 'http://web.test/en/studio/payments?code=abc&state=xyz', 2_000)).toBeNull()
    const back = 'http://web.test/en/studio/payments?tab=orders'
    expect(restoredAddress(store, back, 3_000)).toBe(
      'http://web.test/en/studio/payments?tab=orders&package=STUDIO-VIP-MONTH-V3.1',
    )
    expect(restoredAddress(store, back, 4_000)).toBeNull()
  })

  it('keeps nothing for a path without a query', () => {
    const store = memory()
    expect(keepReturnQuery(store, '/studio/text-to-speech', '')).toBe('/studio/text-to-speech')
    expect(store.items.has(RETURN_QUERY_KEY)).toBe(false)
  })

  it('waits on another page, drops an old choice, and a storage failure loses only the choice', () => {
    const store = memory()
    keepReturnQuery(store, '/studio/payments?package=A', '', 0)
    expect(restoredAddress(store, 'http://web.test/studio/text-to-speech', 10)).toBeNull()
    expect(store.items.has(RETURN_QUERY_KEY)).toBe(true)
    expect(restoredAddress(store, 'http://web.test/studio/payments', RETURN_QUERY_TTL_MS + 1)).toBeNull()
    expect(store.items.has(RETURN_QUERY_KEY)).toBe(false)

    const broken = {
      ...memory(),
      setItem: () => {
        throw new Error('quota')
      },
    }
    expect(keepReturnQuery(broken, '/studio/payments?package=A', '')).toBe('/studio/payments')
    store.items.set(RETURN_QUERY_KEY, '{not json')
    expect(restoredAddress(store, 'http://web.test/studio/payments')).toBeNull()
  })
})

import { afterEach, describe, expect, test, vi } from 'vitest'

const configureCache = vi.fn()
vi.mock('@growthbook/growthbook', () => ({
  configureCache,
  GrowthBook: class {
    ready = false
    init = vi.fn(async () => ({ success: true }))
  },
}))

const { createEventBatcher, FLAG_CACHE_SETTINGS, productForPath, sharedGrowthBook } = await import('./client')

afterEach(() => vi.useRealTimers())

describe('spec §9 "feature-flag cache stale after 60 s, at most 10 entries, idle stream 20 s, event batching 2 s"', () => {
  test('the flag client configures GrowthBook’s cache with exactly those numbers', () => {
    sharedGrowthBook('http://flags.test', 'sdk-loa-web')
    expect(configureCache).toHaveBeenCalledWith({
      staleTTL: 60_000,
      maxEntries: 10,
      idleStreamInterval: 20_000,
      disableIdleStreams: false,
    })
    expect(FLAG_CACHE_SETTINGS.staleTTL).toBe(60_000)
  })

  test('events are sent in one batch every 2 s, never one by one, and nothing for an empty batch', () => {
    vi.useFakeTimers()
    const flush = vi.fn()
    const batcher = createEventBatcher(flush)
    batcher.add({ name: 'feature_used', feature: 'chatbot', value: true })
    batcher.add({ name: 'feature_used', feature: 'header-banner', value: false })
    vi.advanceTimersByTime(1_999)
    expect(flush).not.toHaveBeenCalled()
    vi.advanceTimersByTime(1)
    expect(flush).toHaveBeenCalledTimes(1)
    expect(flush.mock.calls[0]![0]).toHaveLength(2)
    vi.advanceTimersByTime(10_000)
    expect(flush).toHaveBeenCalledTimes(1)
  })
})

describe('spec §1 product ids in flag attributes', () => {
  test.each([
    ['/studio/text-to-speech', 'aivoice'],
    ['/en/studio', 'aivoice'],
    ['/studio/dubbing', 'aidubbing'],
    ['/en/console/apps', 'aivoiceapi'],
    ['/', undefined],
    ['/demo', undefined],
  ])('%s → %s', (path, product) => {
    expect(productForPath(path)).toBe(product)
  })
})

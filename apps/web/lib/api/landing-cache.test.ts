import { beforeEach, describe, expect, it } from 'vitest'
import { LANDING_CACHE_MS, cachedLandingRead, clearLandingCache } from './landing-cache'

describe('landing catalogue cache', () => {
  beforeEach(clearLandingCache)

  it('shares one call within the window and reads again after it', async () => {
    let calls = 0
    let clock = 1_000
    const read = () =>
      cachedLandingRead(
        'k',
        async () => ++calls,
        undefined,
        () => clock,
      )
    expect(await Promise.all([read(), read()])).toEqual([1, 1])
    clock += LANDING_CACHE_MS - 1
    expect(await read()).toBe(1)
    clock += 2
    expect(await read()).toBe(2)
  })

  it('does not keep a failure or a value the caller rejects', async () => {
    let calls = 0
    await expect(
      cachedLandingRead('f', async () => {
        calls += 1
        throw new Error('down')
      }),
    ).rejects.toThrow('down')
    await new Promise((r) => setTimeout(r, 0))
    expect(await cachedLandingRead('f', async () => ++calls)).toBe(2)
    const empty = await cachedLandingRead(
      'e',
      async () => [] as number[],
      (v) => v.length > 0,
    )
    expect(empty).toEqual([])
    await new Promise((r) => setTimeout(r, 0))
    expect(
      await cachedLandingRead(
        'e',
        async () => [1],
        (v) => v.length > 0,
      ),
    ).toEqual([1])
  })
})

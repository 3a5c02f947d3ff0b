// @vitest-environment jsdom
import { beforeEach, describe, expect, test } from 'vitest'
import { withCrossTabLock, type LockManagerLike } from './refresh-lock.ts'
import { flush } from './test-support.ts'

beforeEach(() => window.localStorage.clear())

/** Counts how many critical sections overlap. */
function overlapProbe(): { run: () => Promise<void>; maxConcurrent: () => number; order: string[] } {
  let active = 0
  let max = 0
  const order: string[] = []
  return {
    order,
    maxConcurrent: () => max,
    run: async () => {
      active += 1
      max = Math.max(max, active)
      await flush(30)
      active -= 1
    },
  }
}

describe('withCrossTabLock', () => {
  test('the localStorage fallback lets one holder in at a time, across owners (tabs)', async () => {
    const probe = overlapProbe()
    const tabs = ['tab-a', 'tab-b', 'tab-c']
    await Promise.all(
      tabs.map((owner) =>
        withCrossTabLock('lock', { storage: window.localStorage, now: () => Date.now(), owner }, async () => {
          probe.order.push(owner)
          await probe.run()
        }),
      ),
    )
    expect(probe.maxConcurrent()).toBe(1)
    expect(probe.order.sort()).toEqual(tabs)
    expect(window.localStorage.getItem('lock')).toBeNull()
  })

  test('an expired claim of a closed tab does not block', async () => {
    window.localStorage.setItem('lock', JSON.stringify({ owner: 'gone', expires: Date.now() - 1 }))
    const value = await withCrossTabLock(
      'lock',
      { storage: window.localStorage, now: () => Date.now(), owner: 'me' },
      async () => 42,
    )
    expect(value).toBe(42)
  })

  test('the lock is released when the critical section throws', async () => {
    const options = { storage: window.localStorage, now: () => Date.now(), owner: 'me' }
    await expect(
      withCrossTabLock('lock', options, async () => {
        throw new Error('boom')
      }),
    ).rejects.toThrow('boom')
    expect(window.localStorage.getItem('lock')).toBeNull()
  })

  test('Web Locks are used when available', async () => {
    const requested: string[] = []
    const locks: LockManagerLike = {
      request: (name, callback) => {
        requested.push(name)
        return callback()
      },
    }
    const value = await withCrossTabLock(
      'loa-sso-refresh:loa-web',
      { locks, storage: window.localStorage, now: () => Date.now(), owner: 'me' },
      async () => 'done',
    )
    expect(value).toBe('done')
    expect(requested).toEqual(['loa-sso-refresh:loa-web'])
    expect(window.localStorage.length).toBe(0)
  })
})

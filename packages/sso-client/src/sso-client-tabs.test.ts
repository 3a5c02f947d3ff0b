// @vitest-environment jsdom
import { describe, expect, test } from 'vitest'
import type { LockManagerLike } from './refresh-lock.ts'
import { LOGOUT, REFRESH, setup, resetClientPageEachTest } from './sso-client.test-support.ts'
import { flush, json, ScriptedSso, tokenAnswer, waitFor } from './test-support.ts'

resetClientPageEachTest()

describe('one refresh at a time across tabs', () => {
  /** A minimal in-memory Web Locks implementation (exclusive, FIFO) standing in for navigator.locks. */
  function webLocks(): LockManagerLike & { requests: number } {
    const tails = new Map<string, Promise<unknown>>()
    const manager = {
      requests: 0,
      request<T>(name: string, callback: () => Promise<T>): Promise<T> {
        manager.requests += 1
        const previous = tails.get(name) ?? Promise.resolve()
        const run = previous.then(callback, callback)
        tails.set(
          name,
          run.catch(() => undefined),
        )
        return run
      },
    }
    return manager
  }

  test.each([
    ['localStorage lock', undefined],
    ['Web Locks', webLocks()],
  ])(
    'two tabs due for refresh make exactly one network refresh and share the tokens (%s)',
    async (_name, locks) => {
      let calls = 0
      const sso = new ScriptedSso().on(REFRESH, async () => {
        calls += 1
        await flush(40)
        return json(200, tokenAnswer({ lifetime: calls === 1 ? 20 : 300, sub: `gen-${calls}` }))
      })
      const tabA = setup({ sso, env: { locks } })
      const tabB = setup({ sso, env: { locks } })
      // both tabs open at once: one refresh on load
      tabA.start()
      tabB.start()
      await Promise.all([tabA.client.ready(), tabB.client.ready()])
      expect(calls).toBe(1)
      expect(tabB.client.getSnapshot().auth.subject).toBe('gen-1')
      expect(tabB.client.getSnapshot().auth.token).toBe(tabA.client.getSnapshot().auth.token)
      // both due for refresh at the same time: one more refresh
      const results = await Promise.all([tabA.client.updateToken(30), tabB.client.updateToken(30)])
      expect(results).toEqual([true, true])
      expect(calls).toBe(2)
      expect(tabA.client.getSnapshot().auth.subject).toBe('gen-2')
      expect(tabB.client.getSnapshot().auth.subject).toBe('gen-2')
      if (locks) expect((locks as { requests: number }).requests).toBeGreaterThanOrEqual(2)
    },
  )

  test('broadcast news older than the own tokens is ignored; newer tokens are adopted', async () => {
    const sso = new ScriptedSso().on(REFRESH, () => json(200, tokenAnswer({ sub: 'mine' })))
    const tab = setup({ sso })
    tab.start()
    await tab.client.ready()
    const otherTab = new BroadcastChannel('loa-sso:loa-web')
    try {
      const stale = tokenAnswer({ sub: 'stale' }).result
      otherTab.postMessage({
        type: 'tokens',
        from: 'other',
        at: Date.now() - 60_000,
        tokens: { accessToken: stale.access_token },
        timeSkew: 0,
      })
      otherTab.postMessage({ type: 'logout', from: 'other', at: Date.now() - 60_000 })
      await flush(50)
      expect(tab.client.getSnapshot().auth.subject).toBe('mine')
      const fresh = tokenAnswer({ sub: 'fresh' }).result
      otherTab.postMessage({
        type: 'tokens',
        from: 'other',
        at: Date.now() + 1,
        tokens: { accessToken: fresh.access_token },
        timeSkew: 3,
      })
      await waitFor(() => tab.client.getSnapshot().auth.subject === 'fresh')
      expect(tab.client.getSnapshot().auth.timeSkew).toBe(3)
    } finally {
      otherTab.close()
    }
  })

  test('logout in one tab signs the other tab out', async () => {
    const sso = new ScriptedSso()
      .on(REFRESH, () => json(200, tokenAnswer()))
      .on(LOGOUT, () => json(200, { status: 1 }))
    const tabA = setup({ sso })
    const tabB = setup({ sso })
    tabA.start()
    tabB.start()
    await Promise.all([tabA.client.ready(), tabB.client.ready()])
    expect(tabB.client.getSnapshot().auth.authenticated).toBe(true)
    await tabA.client.logout({ redirectUri: '/' })
    await waitFor(() => !tabB.client.getSnapshot().auth.authenticated)
    expect(tabB.client.getSnapshot().auth.initialized).toBe(true)
  })
})

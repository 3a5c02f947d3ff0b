import { app as t } from '@loa/db'
import { and, eq } from 'drizzle-orm'
import Fastify from 'fastify'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { startTestApi, type TestApi } from '../test/harness.ts'

/**
 * The signed-in path's caches (issue 34) keep the security and freshness rules: a cached token is still refused
 * once its session is revoked, and a cached profile or balance never hides the caller's own write, an operator's
 * change, or — past API_ACCOUNT_CACHE_MS — anyone else's.
 */
let api: TestApi
let active = true
const sso = Fastify()
sso.post('/introspect', async () => ({ active }))

beforeAll(async () => {
  const url = await sso.listen({ port: 0, host: '127.0.0.1' })
  api = await startTestApi({
    env: {
      API_SESSION_CHECK: 'true',
      API_SESSION_CHECK_URL: `${url}/introspect`,
      // The SSO is asked on every call, so a revocation shows on the very next one.
      API_SESSION_CACHE_MS: '0',
      API_TOKEN_CACHE_MS: '60000',
      API_ACCOUNT_CACHE_MS: '1000',
    },
  })
})
afterAll(async () => {
  await api.close()
  await sso.close()
})
afterEach(() => {
  vi.useRealTimers()
})

const me = async (token: string) => {
  const res = await api.call({ method: 'GET', url: '/api/v1/me', token })
  return { status: res.statusCode, body: res.json() }
}
const setStudioBalance = (userId: string, balance: number) =>
  api.database.db
    .update(t.creditWallets)
    .set({ balance })
    .where(and(eq(t.creditWallets.userId, userId), eq(t.creditWallets.product, 'aivoice')))

describe('verified-token cache', () => {
  it('still refuses a token whose session was revoked, on the next call', async () => {
    active = true
    const token = await api.token('u-revoked')
    expect((await me(token)).status).toBe(200)
    expect((await me(token)).status).toBe(200)
    active = false
    const refused = await me(token)
    expect(refused.status).toBe(401)
    expect(refused.body.error_code).toBe('TOKEN_INVALID')
    active = true
  })
})

describe('account cache', () => {
  it('serves a read from the cache for at most API_ACCOUNT_CACHE_MS', async () => {
    const token = await api.token('u-stale')
    // The clock stands still (however slow this machine is) until the test moves it.
    vi.useFakeTimers({ toFake: ['Date'] })
    await me(token)
    await setStudioBalance('u-stale', 777)
    // Another process's change (a worker settling, another replica) is not seen at once…
    expect((await me(token)).body.result.credits_balance).not.toBe(777)
    // …but once the bound has passed.
    vi.setSystemTime(Date.now() + 1_001)
    expect((await me(token)).body.result.credits_balance).toBe(777)
  })

  it('shows the caller’s own write at once', async () => {
    const token = await api.token('u-own')
    await me(token)
    await setStudioBalance('u-own', 4321)
    const put = await api.call({
      method: 'PUT',
      url: '/api/v1/users/update-ads-provider',
      token,
      payload: { ads_provider: 'zalo-ads' },
    })
    expect(put.statusCode).toBe(200)
    const after = (await me(token)).body.result
    expect(after.ads_provider).toBe('zalo-ads')
    expect(after.credits_balance).toBe(4321)
  })

  it('shows an operator’s credit adjustment at once', async () => {
    const token = await api.token('u-adjusted')
    const before = (await me(token)).body.result.credits_balance as number
    const operator = await api.token('u-operator', { roles: ['admin'] })
    const adjust = await api.call({
      method: 'POST',
      url: '/api/v1/admin/users/u-adjusted/credits/adjust',
      token: operator,
      payload: {
        product: 'aivoice',
        delta: 1000,
        reason: 'Bù lỗi hệ thống',
        idempotency_key: 'cache-test-1',
      },
    })
    expect(adjust.statusCode).toBe(200)
    expect((await me(token)).body.result.credits_balance).toBe(before + 1000)
  })
})

import { app as t } from '@loa/db'
import { createBullmqQueue, deleteBullmqKeys } from '@loa/jobs'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { throwawayRedis } from '../../test/throwaway-redis.ts'
import { startSynthesisTestApi, type SynthesisTestApi } from './test-setup.ts'

// The machine's Redis is only a sign that redis-server is installed (.ci/run sets it): this suite never touches it,
// it stops and restarts a private redis-server of its own.
const enabled = Boolean(process.env.TEST_REDIS_URL)
if (!enabled)
  console.warn(
    '\n!!! SKIPPED: synthesis while Redis is down — TEST_REDIS_URL is not set (.ci/run sets it) !!!\n',
  )

const TEXT = 'Một câu ngắn để thử hàng đợi.'

describe.runIf(enabled)('synthesis while the queue (Redis) is down', () => {
  let api: SynthesisTestApi
  let redis: Awaited<ReturnType<typeof throwawayRedis>>
  const prefix = `loa-test-down-${process.pid}`

  beforeAll(async () => {
    redis = await throwawayRedis()
    api = await startSynthesisTestApi({
      env: { REDIS_URL: redis.url },
      queue: () => createBullmqQueue({ redisUrl: redis.url, prefix, leaseMs: 5_000 }),
    })
  }, 60_000)
  afterAll(async () => {
    await redis?.start().catch(() => undefined)
    await api?.close()
    await deleteBullmqKeys(redis.url, prefix).catch(() => undefined)
    await redis?.stop()
  }, 60_000)

  const rowsOf = async (sub: string) => ({
    requests: await api.database.db
      .select()
      .from(t.synthesisRequests)
      .where(eq(t.synthesisRequests.userId, sub)),
    reservations: await api.database.db
      .select()
      .from(t.creditReservations)
      .where(eq(t.creditReservations.userId, sub)),
  })

  it('readiness turns not-ready, a synthesis is refused within 2 s with nothing reserved, and Redis coming back serves again', async () => {
    await api.setBalance('u-down', 1_000)
    const token = await api.token('u-down')
    const ready = await api.call({ method: 'GET', url: '/readyz' })
    expect(ready.statusCode).toBe(200)
    expect(ready.json().checks.map((c: { name: string }) => c.name)).toEqual(
      expect.arrayContaining(['database', 'queue', 'redis']),
    )

    await redis.stop()
    let started = Date.now()
    const notReady = await api.call({ method: 'GET', url: '/readyz' })
    expect(Date.now() - started).toBeLessThan(2_000)
    expect(notReady.statusCode).toBe(503)
    const failing = (notReady.json().checks as { name: string; ok: boolean }[]).filter((c) => !c.ok)
    expect(failing.map((c) => c.name).sort()).toEqual(['queue', 'redis'])
    // Liveness does not depend on Redis: the process itself is fine.
    expect((await api.call({ method: 'GET', url: '/healthz' })).statusCode).toBe(200)

    started = Date.now()
    const refused = await api.call({
      method: 'POST',
      url: '/api/v1/synthesis',
      token,
      payload: { text: TEXT },
    })
    expect(Date.now() - started).toBeLessThan(2_000)
    expect(refused.statusCode).toBe(503)
    expect(refused.json().error_code).toBe('QUEUE_UNAVAILABLE')
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0)
    expect(await api.balance('u-down')).toBe(1_000)
    expect(await rowsOf('u-down')).toEqual({ requests: [], reservations: [] })

    // Redis returns (empty): nothing was waiting to run, and the next request is served and charged once.
    await redis.start()
    const deadline = Date.now() + 20_000
    while ((await api.call({ method: 'GET', url: '/readyz' })).statusCode !== 200) {
      if (Date.now() > deadline) throw new Error('not ready 20 s after Redis came back')
      await new Promise((r) => setTimeout(r, 100))
    }
    const accepted = await api.call({
      method: 'POST',
      url: '/api/v1/synthesis',
      token,
      payload: { text: TEXT },
    })
    expect(accepted.statusCode).toBe(200)
    const done = await api.waitFinal(token, accepted.json().result.request_id)
    expect(done.status).toBe('SUCCESS')
    const after = await rowsOf('u-down')
    expect(after.requests).toHaveLength(1)
    expect(await api.balance('u-down')).toBe(1_000 - (after.requests[0]!.chargedCharacters ?? 0))
  }, 90_000)
})

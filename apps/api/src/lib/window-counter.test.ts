import { randomUUID } from 'node:crypto'
import { Redis } from 'ioredis'
import { deleteRedisKeys } from '@loa/service-kit'
import { afterAll, describe, expect, it } from 'vitest'
import { startTestApi, type TestApi } from '../test/harness.ts'
import { createMemoryWindowCounter, createRedisWindowCounter } from './window-counter.ts'

const redisUrl = process.env.TEST_REDIS_URL ?? ''
if (!redisUrl)
  console.warn(
    '\n!!! SKIPPED: shared rate limits on Redis — TEST_REDIS_URL is not set (.ci/run sets it) !!!\n',
  )

describe('memory window counter', () => {
  it('counts a request against every key and refuses when any key is full, without counting it', async () => {
    const counter = createMemoryWindowCounter({ limit: 2, windowMs: 60_000 })
    expect(await counter.hit(['ip:a', 'fp:1'])).toBeUndefined()
    expect(await counter.hit(['ip:a', 'fp:2'])).toBeUndefined()
    const retry = await counter.hit(['ip:a', 'fp:3'])
    expect(retry).toBeGreaterThan(0)
    expect(retry).toBeLessThanOrEqual(60)
    // The refused request did not count against fp:3, which still has its whole budget elsewhere.
    expect(await counter.hit(['ip:b', 'fp:3'])).toBeUndefined()
    expect(await counter.hit(['ip:c', 'fp:3'])).toBeUndefined()
    expect(await counter.hit(['ip:d', 'fp:3'])).toBeGreaterThan(0)
  })
})

describe('redis window counter when redis does not answer', () => {
  it('counts in this process instead, so the limit still holds', async () => {
    // A port nothing listens on: every command fails at once (no offline queue).
    const redis = new Redis('redis://127.0.0.1:1', {
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      retryStrategy: () => null,
    })
    redis.on('error', () => {})
    const errors: unknown[] = []
    const counter = createRedisWindowCounter(redis, {
      limit: 1,
      windowMs: 60_000,
      prefix: 'x:',
      onError: (e) => errors.push(e),
    })
    expect(await counter.hit(['ip:a'])).toBeUndefined()
    expect(await counter.hit(['ip:a'])).toBeGreaterThan(0)
    expect(errors.length).toBe(2)
    redis.disconnect()
  })
})

describe.skipIf(!redisUrl)('rate limits shared by API replicas through Redis (TEST_REDIS_URL)', () => {
  const prefix = `loa-test-rl-${randomUUID().slice(0, 8)}:`
  const replicas: TestApi[] = []
  afterAll(async () => {
    await Promise.all(replicas.map((r) => r.close()))
    await deleteRedisKeys(redisUrl, prefix)
  })

  it('two replicas share one demo budget per IP and one contact-form budget per IP', async () => {
    const env = {
      REDIS_URL: redisUrl,
      RATE_LIMIT_REDIS_PREFIX: prefix,
      TTS_DEMO_LIMIT: '2',
      API_RATE_LIMIT_FORMS: '2',
    }
    replicas.push(await startTestApi({ env }), await startTestApi({ env }))
    const [a, b] = replicas as [TestApi, TestApi]
    const demo = (api: TestApi, text: string) =>
      api.call({
        method: 'POST',
        url: '/api/v1/demo/synthesis',
        payload: { text, fingerprint: randomUUID() },
      })

    expect((await demo(a, 'Một.')).statusCode).toBe(200)
    expect((await demo(b, 'Hai.')).statusCode).toBe(200)
    // Each replica alone has counted one request; together the IP has used its budget of two.
    const third = await demo(a, 'Ba.')
    expect(third.statusCode).toBe(429)
    expect(third.json().error_code).toBe('DEMO_RATE_LIMITED')
    expect(Number(third.headers['retry-after'])).toBeGreaterThan(0)
    expect((await demo(b, 'Bốn.')).json().error_code).toBe('DEMO_RATE_LIMITED')

    const contact = (api: TestApi) =>
      api.call({
        method: 'POST',
        url: '/api/v1/contacts',
        payload: {
          name: 'Nguyễn Văn A',
          email: 'a@example.com',
          phone_number: '0912345678',
          purpose: 'OTHER',
          content: 'Xin chào',
        },
      })
    const statuses = [await contact(a), await contact(b), await contact(a)].map((r) => r.statusCode)
    expect(
      statuses.slice(0, 2).every((s) => s < 300),
      JSON.stringify(statuses),
    ).toBe(true)
    expect(statuses[2]).toBe(429)
  }, 60_000)
})

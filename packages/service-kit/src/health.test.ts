import { Redis } from 'ioredis'
import { afterAll, describe, expect, it } from 'vitest'
import { createBaseApp } from './fastify.ts'
import { READINESS_TIMEOUT_MS, registerHealthRoutes } from './health.ts'
import { redisReadiness } from './redis.ts'

describe('health routes', () => {
  const app = createBaseApp({ service: 'test' })
  // A Redis client that never connected (nothing listens on port 1): readiness must not wait for it.
  const offline = new Redis('redis://127.0.0.1:1', { lazyConnect: true, enableOfflineQueue: true })
  registerHealthRoutes(app, 'test', [
    { name: 'database', check: async () => undefined },
    { name: 'storage', check: () => new Promise<void>(() => undefined) },
    redisReadiness('redis', () => offline),
  ])
  afterAll(async () => {
    offline.disconnect()
    await app.close()
  })

  it('/readyz names each failing dependency, bounded by the readiness timeout; /healthz stays alive', async () => {
    const ready = await app.inject({ method: 'GET', url: '/readyz' })
    expect(ready.statusCode).toBe(503)
    expect(ready.json()).toMatchObject({
      status: 'not_ready',
      checks: [
        { name: 'database', ok: true },
        { name: 'storage', ok: false, error: `timed out after ${READINESS_TIMEOUT_MS} ms` },
        { name: 'redis', ok: false, error: 'redis is wait' },
      ],
    })
    expect((await app.inject({ method: 'GET', url: '/healthz' })).json()).toEqual({
      status: 'ok',
      service: 'test',
    })
  })
})

import { Redis } from 'ioredis'
import type { FastifyInstance } from 'fastify'
import type { ReadinessCheck } from './health.ts'

/**
 * A service's own Redis connection (scale mode), for counters every replica shares (rate limits); closed when
 * `owner` closes. Commands fail fast while disconnected (callers fall back to per-process counting) instead of
 * queueing behind a dead server. Boot waits briefly for the connection so the first requests already count in
 * Redis, but never fails on it.
 */
export const openSharedRedis = async (url: string, owner: FastifyInstance): Promise<Redis> => {
  const redis = new Redis(url, { maxRetriesPerRequest: 1, enableOfflineQueue: false, connectTimeout: 2_000 })
  owner.addHook('onClose', async () => void (await redis.quit().catch(() => redis.disconnect())))
  let lastError = ''
  redis.on('error', (error: Error) => {
    // ioredis retries on its own; log each distinct failure once rather than every reconnect attempt.
    if (error.message !== lastError) owner.log.warn({ err: error }, 'redis (shared counters) unavailable')
    lastError = error.message
  })
  redis.on('ready', () => (lastError = ''))
  await new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, 2_000)
    redis.once('ready', () => {
      clearTimeout(timer)
      resolve()
    })
  })
  return redis
}

/**
 * Readiness of a Redis connection: not ready at once while ioredis is not connected (its offline queue would hold a
 * PING until the server returns), otherwise a PING that must answer PONG.
 */
export const redisReadiness = (name: string, redis: () => Redis | undefined): ReadinessCheck => ({
  name,
  check: async () => {
    const connection = redis()
    if (!connection) throw new Error('not connected yet')
    if (connection.status !== 'ready') throw new Error(`redis is ${connection.status}`)
    if ((await connection.ping()) !== 'PONG') throw new Error('redis did not answer PONG')
  },
})

/** Deletes every key that starts with `prefix` (test clean-ups, retiring a prefix). Returns how many. */
export const deleteRedisKeys = async (url: string, prefix: string): Promise<number> => {
  const redis = new Redis(url, { maxRetriesPerRequest: 1 })
  try {
    let deleted = 0
    let cursor = '0'
    do {
      // Glob characters in the prefix (e.g. a `{tag}`) are escaped so they match literally.
      const [next, keys] = await redis.scan(
        cursor,
        'MATCH',
        `${prefix.replace(/[*?[\]\\{}]/g, '\\$&')}*`,
        'COUNT',
        500,
      )
      cursor = next
      if (keys.length) deleted += await redis.del(...keys)
    } while (cursor !== '0')
    return deleted
  } finally {
    await redis.quit().catch(() => redis.disconnect())
  }
}

import { randomUUID } from 'node:crypto'
import { Redis } from 'ioredis'
import { describe } from 'vitest'
import { createBullmqQueue } from './index.ts'
import { queueContract } from '../test/queue-contract.ts'

const redisUrl = process.env.TEST_REDIS_URL ?? ''
if (!redisUrl)
  console.warn('\n!!! SKIPPED: BullMQ queue suite — TEST_REDIS_URL is not set (.ci/run sets it) !!!\n')

describe.skipIf(!redisUrl)('BullMQ adapter (TEST_REDIS_URL)', () => {
  let prefix = `loa-test-${randomUUID().slice(0, 8)}`
  queueContract(
    `BullMQ (${redisUrl})`,
    async () => createBullmqQueue({ redisUrl, prefix, leaseMs: 5_000 }),
    async () => {
      const redis = new Redis(redisUrl)
      const keys = await redis.keys(`${prefix}:*`)
      if (keys.length) await redis.del(...keys)
      await redis.quit()
      prefix = `loa-test-${randomUUID().slice(0, 8)}`
    },
  )
})

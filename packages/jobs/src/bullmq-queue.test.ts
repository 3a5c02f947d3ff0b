import { randomUUID } from 'node:crypto'
import { describe } from 'vitest'
import { createBullmqQueue, deleteBullmqKeys } from './index.ts'
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
      await deleteBullmqKeys(redisUrl, prefix)
      prefix = `loa-test-${randomUUID().slice(0, 8)}`
    },
  )
})

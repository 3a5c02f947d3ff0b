import type { Database } from '@loa/db'
import { createBullmqQueue } from './bullmq-queue.ts'
import { createInProcessQueue } from './in-process-queue.ts'
import type { JobLogger, Queue } from './types.ts'

export interface QueueConfig {
  /** Redis URL: BullMQ when set, otherwise the in-process queue on the database. */
  redisUrl?: string
  /** Lease (in-process) / lock duration (BullMQ) of an active job in ms. */
  leaseMs?: number
  /** Graceful close waits this long for in-flight jobs. */
  drainTimeoutMs?: number
  /** BullMQ key prefix. */
  prefix?: string
}

/** Picks the adapter by configuration: BullMQ with `redisUrl`, otherwise rows in the database. */
export const createQueue = (config: QueueConfig, deps: { database: Database; logger?: JobLogger }): Queue =>
  config.redisUrl
    ? createBullmqQueue({
        redisUrl: config.redisUrl,
        logger: deps.logger,
        leaseMs: config.leaseMs,
        drainTimeoutMs: config.drainTimeoutMs,
        prefix: config.prefix,
      })
    : createInProcessQueue({
        database: deps.database,
        logger: deps.logger,
        leaseMs: config.leaseMs,
        drainTimeoutMs: config.drainTimeoutMs,
      })

import path from 'node:path'
import { migrateAll, openDatabase, type Database } from '@loa/db'
import { createQueue, recordQueueStats, type Queue } from '@loa/jobs'
import {
  createBaseApp,
  listen,
  registerHealthRoutes,
  registerMetrics,
  type createLogger,
} from '@loa/service-kit'
import type { Storage } from '@loa/storage'
import type { WorkerConfig } from './config.ts'
import { registerJobHandlers } from './register.ts'
import { createWorkerStorage } from './storage.ts'

type Logger = ReturnType<typeof createLogger>

export interface RunningWorker {
  database: Database
  storage: Storage
  queue: Queue
  /** Health server address (`/healthz`, `/readyz`). */
  address: string
  /** Graceful stop: health reports not ready, in-flight jobs drain, then connections close. */
  close: () => Promise<void>
}

/** The queue for this configuration (BullMQ with REDIS_URL, else rows in the database). */
export const createWorkerQueue = (config: WorkerConfig, database: Database, logger?: Logger): Queue =>
  createQueue(
    {
      redisUrl: config.redisUrl,
      prefix: config.queuePrefix,
      leaseMs: config.leaseMs,
      drainTimeoutMs: config.drainTimeoutMs,
    },
    { database, logger },
  )

/**
 * A standalone worker process (`loa worker`): database (migrated), storage, queue, every registered handler
 * running with `WORKER_CONCURRENCY`, and a small health server.
 */
export const startWorker = async (config: WorkerConfig, logger: Logger): Promise<RunningWorker> => {
  const database = await openDatabase(
    config.databaseUrl ? { url: config.databaseUrl } : { dataDir: path.join(config.dataDir, 'db') },
  )
  let health: ReturnType<typeof createBaseApp> | undefined
  let queue: Queue | undefined
  try {
    await migrateAll(database)
    const storage = createWorkerStorage(config)
    queue = createWorkerQueue(config, database, logger)
    const runningQueue = queue
    const definitions = registerJobHandlers({ config, database, storage, queue, logger })
    let shuttingDown = false
    health = createBaseApp({ service: 'worker', logger })
    registerHealthRoutes(
      health,
      'worker',
      [
        { name: 'database', check: () => database.ping() },
        { name: 'queue', check: () => runningQueue.ping() },
        { name: 'storage', check: () => storage.ping() },
      ],
      () => shuttingDown,
    )
    // Prometheus on the health port: job durations, failures and takeovers, queue depth and age, ledger entries,
    // characters synthesized, provider errors.
    registerMetrics(health, 'worker', async () => recordQueueStats(await runningQueue.stats()))
    const address = await listen(health, { port: config.port, host: config.host })
    await queue.start(definitions, { concurrency: config.concurrency })
    logger.info(
      { queue: queue.kind, storage: storage.kind, database: database.kind, concurrency: config.concurrency },
      `worker running; health on ${address}`,
    )
    const server = health
    return {
      database,
      storage,
      queue,
      address,
      close: async () => {
        shuttingDown = true
        await runningQueue.close()
        await server.close()
        await database.close()
      },
    }
  } catch (error) {
    await queue?.close().catch(() => undefined)
    await health?.close().catch(() => undefined)
    await database.close()
    throw error
  }
}

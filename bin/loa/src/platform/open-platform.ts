import path from 'node:path'
import { createSampleFileWriter } from '@loa/api'
import { migrateAll, openDatabase, SEED_LOCK_KEY, seedAll, type Database } from '@loa/db'
import type { Queue } from '@loa/jobs'
import type { createLogger } from '@loa/service-kit'
import type { Storage } from '@loa/storage'
import { generateVoiceSamples } from '@loa/synthesis'
import { createWorkerQueue, createWorkerStorage, type WorkerConfig } from '@loa/worker'
import type { CliConfig } from '../config.ts'
import { acquireDataDirLock } from './data-dir-lock.ts'

export type Logger = ReturnType<typeof createLogger>

export interface Platform {
  database: Database
  storage: Storage
  queue: Queue
  /** Closes queue (draining jobs), database and the data-directory lock, in that order. */
  close: () => Promise<void>
}

/**
 * Opens what every command shares: the data-directory lock (embedded), the database with every migration
 * applied, optionally the seeds (idempotent), storage and the queue.
 */
export const openPlatform = async (
  cli: CliConfig,
  worker: WorkerConfig,
  logger: Logger,
  options: { command: string; seed: boolean },
): Promise<Platform> => {
  const release = cli.embedded ? acquireDataDirLock(cli.dataDir, options.command) : () => undefined
  let database: Database | undefined
  try {
    const started = Date.now()
    database = await openDatabase(
      cli.databaseUrl ? { url: cli.databaseUrl } : { dataDir: path.join(cli.dataDir, 'db') },
    )
    await migrateAll(database)
    const storage = createWorkerStorage(worker)
    if (options.seed) {
      const db = database
      await db.withAdvisoryLock(SEED_LOCK_KEY, async () => {
        await seedAll({ db: db.db, log: (message) => logger.debug(message), options: { webUrl: cli.webUrl } })
        // Voice samples are spoken here (not by the database seeds), stored and linked by their public media URL.
        await generateVoiceSamples({
          db: db.db,
          log: (message) => logger.debug(message),
          writeFile: createSampleFileWriter(storage, worker.apiPublicUrl),
        })
      })
    }
    logger.info(
      { database: database.kind, ms: Date.now() - started, seeded: options.seed },
      'database ready (migrations applied)',
    )
    const queue = createWorkerQueue(worker, database, logger)
    const db = database
    return {
      database,
      storage,
      queue,
      close: async () => {
        try {
          await queue.close()
        } finally {
          await db.close()
          release()
        }
      },
    }
  } catch (error) {
    await database?.close().catch(() => undefined)
    release()
    throw error
  }
}

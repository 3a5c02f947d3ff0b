import { createSampleFileWriter } from '@loa/api'
import { openServiceDatabase, seedAll, type Database } from '@loa/db'
import type { Queue } from '@loa/jobs'
import type { createLogger } from '@loa/service-kit'
import type { Storage } from '@loa/storage'
import { generateVoiceSamples } from '@loa/synthesis'
import { createWorkerQueue, createWorkerStorage, type WorkerConfig } from '@loa/worker'
import type { CliConfig } from '../config.ts'

export type Logger = ReturnType<typeof createLogger>

export interface Platform {
  database: Database
  storage: Storage
  queue: Queue
  /** Closes queue (draining jobs), database and the data-directory lock, in that order. */
  close: () => Promise<void>
}

/**
 * Opens what every command shares: the database through `openServiceDatabase` of @loa/db (the data-directory
 * lock when embedded, every migration, optionally the idempotent seeds and voice samples under the seed advisory
 * lock — the same opener every app's standalone server uses), storage and the queue.
 */
export const openPlatform = async (
  cli: CliConfig,
  worker: WorkerConfig,
  logger: Logger,
  options: { command: string; seed: boolean },
): Promise<Platform> => {
  const started = Date.now()
  const storage = createWorkerStorage(worker)
  const opened = await openServiceDatabase({
    databaseUrl: cli.databaseUrl,
    dataDir: cli.dataDir,
    holder: `loa ${options.command}`,
    seed: options.seed
      ? async ({ db }) => {
          await seedAll({ db, log: (message) => logger.debug(message), options: { webUrl: cli.webUrl } })
          // Voice samples are spoken here (not by the database seeds), stored and linked by their public media URL.
          await generateVoiceSamples({
            db,
            log: (message) => logger.debug(message),
            writeFile: createSampleFileWriter(storage, worker.apiPublicUrl),
          })
        }
      : undefined,
  })
  const { database } = opened
  logger.info(
    { database: database.kind, ms: Date.now() - started, seeded: options.seed },
    'database ready (migrations applied)',
  )
  let queue: Queue
  try {
    queue = createWorkerQueue(worker, database, logger)
  } catch (error) {
    await opened.close()
    throw error
  }
  return {
    database,
    storage,
    queue,
    close: async () => {
      try {
        await queue.close()
      } finally {
        await opened.close()
      }
    },
  }
}

import path from 'node:path'
import { type Database, openDatabase } from './client.ts'
import { acquireDataDirLock } from './data-dir-lock.ts'
import { migrateAll } from './migrate.ts'
import { SEED_LOCK_KEY } from './seed/index.ts'

export interface ServiceDatabaseOptions {
  /** PostgreSQL (scale mode); without it the embedded PGlite under `$dataDir/db`. */
  databaseUrl?: string | undefined
  dataDir: string
  /** Who holds the embedded data directory, named in the refusal a second process gets ('serve all', 'sso'…). */
  holder: string
  /** Idempotent seeds, run after the migrations under the seed advisory lock (one seeder at a time). */
  seed?: (database: Database) => Promise<void>
}

export interface ServiceDatabase {
  database: Database
  /** Closes the database, then releases the data directory. */
  close: () => Promise<void>
}

/**
 * The one way a Loa process opens its database — `loa serve`, `loa migrate`, and every app's standalone
 * `server.ts`: on PGlite it first claims `$DATA_DIR` (`loa.pid`; PGlite allows one process), then opens, applies
 * every migration, and runs `seed` under `SEED_LOCK_KEY`, so replicas starting together on PostgreSQL seed one
 * after another. Anything that fails on the way closes what was opened and releases the directory.
 */
export const openServiceDatabase = async (options: ServiceDatabaseOptions): Promise<ServiceDatabase> => {
  const release = options.databaseUrl ? () => undefined : acquireDataDirLock(options.dataDir, options.holder)
  let database: Database | undefined
  try {
    database = await openDatabase(
      options.databaseUrl ? { url: options.databaseUrl } : { dataDir: path.join(options.dataDir, 'db') },
    )
    await migrateAll(database)
    const opened = database
    if (options.seed) await opened.withAdvisoryLock(SEED_LOCK_KEY, () => options.seed!(opened))
    return {
      database: opened,
      close: async () => {
        try {
          await opened.close()
        } finally {
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

import path from 'node:path'
import { appliedMigrations, migrateAll, openDatabase, SERVICE_SCHEMAS } from '@loa/db'
import { cliEnv, loadCliConfig } from '../config.ts'
import { acquireDataDirLock } from '../platform/data-dir-lock.ts'

export const summary =
  'apply pending database migrations (PostgreSQL via DATABASE_URL, or the embedded PGlite)'

export const run = async (args: string[]): Promise<number> => {
  if (args.length > 0) {
    console.error('usage: loa migrate')
    return 2
  }
  const cli = loadCliConfig(cliEnv())
  const release = cli.embedded ? acquireDataDirLock(cli.dataDir, 'migrate') : () => undefined
  try {
    const database = await openDatabase(
      cli.databaseUrl ? { url: cli.databaseUrl } : { dataDir: path.join(cli.dataDir, 'db') },
    )
    try {
      await migrateAll(database)
      for (const schema of SERVICE_SCHEMAS)
        console.log(`${schema.padEnd(6)} ${await appliedMigrations(database, schema)} migration(s) applied`)
    } finally {
      await database.close()
    }
  } finally {
    release()
  }
  return 0
}

import { appliedMigrations, openServiceDatabase, SERVICE_SCHEMAS } from '@loa/db'
import { cliEnv, loadCliConfig } from '../config.ts'

export const summary =
  'apply pending database migrations (PostgreSQL via DATABASE_URL, or the embedded PGlite)'

export const run = async (args: string[]): Promise<number> => {
  if (args.length > 0) {
    console.error('usage: loa migrate')
    return 2
  }
  const cli = loadCliConfig(cliEnv())
  const { database, close } = await openServiceDatabase({
    databaseUrl: cli.databaseUrl,
    dataDir: cli.dataDir,
    holder: 'loa migrate',
  })
  try {
    for (const schema of SERVICE_SCHEMAS)
      console.log(`${schema.padEnd(6)} ${await appliedMigrations(database, schema)} migration(s) applied`)
  } finally {
    await close()
  }
  return 0
}

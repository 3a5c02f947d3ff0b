import { openDatabase, type Database } from './client.ts'
import { migrateAll } from './migrate.ts'
import { seedAll } from './seed/index.ts'

/**
 * Tests: initdb of PGlite costs ~2 s, so build one migrated + seeded template per test process and
 * clone it for each test database (~0.4 s).
 */
let template: Promise<Blob> | undefined

export interface TestDatabaseOptions {
  seed?: boolean
}

export const openTestDatabase = async (options: TestDatabaseOptions = {}): Promise<Database> => {
  const seed = options.seed ?? true
  if (!seed) {
    const database = await openDatabase()
    await migrateAll(database)
    return database
  }
  template ??= (async () => {
    const database = await openDatabase()
    await migrateAll(database)
    await seedAll({ db: database.db })
    const dump = await database.pglite!.dumpDataDir('none')
    await database.close()
    return dump
  })()
  return openDatabase({ loadDataDir: await template })
}

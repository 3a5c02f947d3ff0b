import { sql } from 'drizzle-orm'
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

/**
 * Scale-mode tests: a fresh, empty PostgreSQL database next to the one `adminUrl` points at (usually
 * TEST_DATABASE_URL), so that suites never share tables. `drop()` removes it (closing leftover sessions).
 */
export const createScratchPostgresDatabase = async (
  adminUrl: string,
  prefix = 'loa_test',
): Promise<{ url: string; name: string; drop: () => Promise<void> }> => {
  const name = `${prefix}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`
  const admin = await openDatabase({ url: adminUrl, poolSize: 1 })
  try {
    await admin.db.execute(sql.raw(`create database "${name}"`))
  } finally {
    await admin.close()
  }
  const url = new URL(adminUrl)
  url.pathname = `/${name}`
  return {
    url: url.toString(),
    name,
    drop: async () => {
      const again = await openDatabase({ url: adminUrl, poolSize: 1 })
      try {
        await again.db.execute(sql.raw(`drop database if exists "${name}" with (force)`))
      } finally {
        await again.close()
      }
    },
  }
}

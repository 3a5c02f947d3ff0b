import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { migrate } from 'drizzle-orm/pglite/migrator'
import type { PgliteDatabase } from 'drizzle-orm/pglite'
import { openDatabase } from './client.ts'
import { migrationsFolder, MIGRATIONS_SCHEMA } from './migrate.ts'

/**
 * For tests of a data migration: a fresh database migrated up to, not including, app migration `idx`. Write the
 * rows the migration meets through `pg`, then `migrateRest()` applies the migration and the ones after it.
 */
export const openBeforeAppMigration = async (idx: number) => {
  const before = mkdtempSync(path.join(tmpdir(), 'loa-mig-'))
  cpSync(migrationsFolder('app'), before, { recursive: true })
  const journalPath = path.join(before, 'meta', '_journal.json')
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { idx: number }[] }
  journal.entries = journal.entries.filter((e) => e.idx < idx)
  writeFileSync(journalPath, JSON.stringify(journal))
  const database = await openDatabase()
  const db = database.db as unknown as PgliteDatabase
  const config = { migrationsSchema: MIGRATIONS_SCHEMA, migrationsTable: 'app_migrations' }
  await migrate(db, { ...config, migrationsFolder: before })
  return {
    pg: database.pglite!,
    migrateRest: () => migrate(db, { ...config, migrationsFolder: migrationsFolder('app') }),
    close: async () => {
      await database.close()
      rmSync(before, { recursive: true, force: true })
    },
  }
}

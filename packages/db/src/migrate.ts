import { fileURLToPath } from 'node:url'
import { existsSync } from 'node:fs'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import type { PgliteDatabase } from 'drizzle-orm/pglite'
import type { NodePgDatabase } from 'drizzle-orm/node-postgres'
import { queryRows, type Database } from './client.ts'

/**
 * One PostgreSQL schema per service, each with its own migrations folder and journal so that services
 * evolve independently. Order matters only for cross-schema references (none today).
 */
export const SERVICE_SCHEMAS = ['app', 'sso', 'flags', 'queue'] as const
export type ServiceSchema = (typeof SERVICE_SCHEMAS)[number]

const migrationsRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'migrations')
export const migrationsFolder = (name: ServiceSchema): string => path.join(migrationsRoot, name)

/** The journals live in their own schema so each service's first migration may `CREATE SCHEMA` its own. */
export const MIGRATIONS_SCHEMA = 'drizzle'
/** Key of the PostgreSQL advisory lock that serialises concurrent `migrateAll` runs (several replicas starting). */
export const MIGRATION_LOCK_KEY = 7_406_113

/**
 * Applies every pending migration of every service schema. Idempotent; safe at every start, and safe when
 * several processes start at once on one PostgreSQL (an advisory lock serialises them).
 */
export const migrateAll = async (
  database: Database,
  schemas: readonly ServiceSchema[] = SERVICE_SCHEMAS,
): Promise<void> => {
  await database.withAdvisoryLock(MIGRATION_LOCK_KEY, async () => {
    for (const name of schemas) {
      const folder = migrationsFolder(name)
      if (!existsSync(path.join(folder, 'meta', '_journal.json'))) continue
      const config = {
        migrationsFolder: folder,
        migrationsSchema: MIGRATIONS_SCHEMA,
        migrationsTable: `${name}_migrations`,
      }
      if (database.kind === 'pglite') await migratePglite(database.db as unknown as PgliteDatabase, config)
      else await migratePg(database.db as unknown as NodePgDatabase, config)
    }
  })
}

/** Number of applied migrations of one schema (for `loa migrate --status` and tests). */
export const appliedMigrations = async (database: Database, name: ServiceSchema): Promise<number> => {
  const [exists] = await queryRows<{ present: boolean }>(
    database.db,
    sql.raw(`select to_regclass('"${MIGRATIONS_SCHEMA}"."${name}_migrations"') is not null as present`),
  )
  if (!exists?.present) return 0
  const [row] = await queryRows<{ n: number }>(
    database.db,
    sql.raw(`select count(*)::int as n from "${MIGRATIONS_SCHEMA}"."${name}_migrations"`),
  )
  return Number(row?.n ?? 0)
}

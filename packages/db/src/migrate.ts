import { fileURLToPath } from 'node:url'
import { existsSync } from 'node:fs'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import type { PgliteDatabase } from 'drizzle-orm/pglite'
import type { NodePgDatabase } from 'drizzle-orm/node-postgres'
import type { Database } from './client.ts'

/**
 * One PostgreSQL schema per service, each with its own migrations folder and journal so that services
 * evolve independently. Order matters only for cross-schema references (none today).
 */
export const SERVICE_SCHEMAS = ['app', 'sso', 'flags', 'queue'] as const
export type ServiceSchema = (typeof SERVICE_SCHEMAS)[number]

const migrationsRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'migrations')
export const migrationsFolder = (name: ServiceSchema): string => path.join(migrationsRoot, name)

/** Applies every pending migration of every service schema. Idempotent; safe at every start. */
export const migrateAll = async (
  database: Database,
  schemas: readonly ServiceSchema[] = SERVICE_SCHEMAS,
): Promise<void> => {
  for (const name of schemas) {
    const folder = migrationsFolder(name)
    if (!existsSync(path.join(folder, 'meta', '_journal.json'))) continue
    await database.db.execute(sql.raw(`create schema if not exists "${name}"`))
    const config = { migrationsFolder: folder, migrationsSchema: name, migrationsTable: '__migrations' }
    if (database.kind === 'pglite') await migratePglite(database.db as unknown as PgliteDatabase, config)
    else await migratePg(database.db as unknown as NodePgDatabase, config)
  }
}

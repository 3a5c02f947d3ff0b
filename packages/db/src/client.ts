import { mkdirSync } from 'node:fs'
import { PGlite } from '@electric-sql/pglite'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import pg from 'pg'
import { schema } from './schema/index.ts'

export type Schema = typeof schema
/** The drizzle database, whichever driver is behind it. Same queries on PGlite and PostgreSQL. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>

export interface Database {
  db: Db
  kind: 'pglite' | 'postgres'
  /** Cheap reachability check for /readyz. */
  ping: () => Promise<void>
  close: () => Promise<void>
  /** The PGlite instance in embedded mode (for dumps in tests); undefined on PostgreSQL. */
  pglite?: PGlite
}

export interface OpenDatabaseOptions {
  /** PostgreSQL connection string (scale mode). When absent, PGlite is used. */
  url?: string
  /** PGlite data directory; omit for an in-memory database (tests). */
  dataDir?: string
  /** Load a PGlite database from a dump (tests start from a migrated, seeded template). */
  loadDataDir?: Blob | File
  /** Pool size for PostgreSQL. */
  poolSize?: number
}

export const openDatabase = async (options: OpenDatabaseOptions = {}): Promise<Database> => {
  if (options.url) {
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 10 })
    // Fail fast with a clear message when PostgreSQL is unreachable.
    const client = await pool.connect()
    client.release()
    const db = drizzlePg({ client: pool, schema }) as unknown as Db
    return {
      db,
      kind: 'postgres',
      ping: async () => {
        await pool.query('select 1')
      },
      close: () => pool.end(),
    }
  }
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true })
  const pglite = new PGlite({
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
  })
  await pglite.waitReady
  const db = drizzlePglite({ client: pglite, schema }) as unknown as Db
  let closed = false
  return {
    db,
    kind: 'pglite',
    pglite,
    ping: async () => {
      await pglite.query('select 1')
    },
    close: async () => {
      if (closed) return
      closed = true
      await pglite.close()
    },
  }
}

import { mkdirSync } from 'node:fs'
import { PGlite } from '@electric-sql/pglite'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import type { SQL } from 'drizzle-orm'
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
  /**
   * Runs `fn` while holding a cluster-wide PostgreSQL advisory lock (one process at a time, e.g. migrations
   * when several replicas start together). On PGlite (one process by design) it just runs `fn`.
   */
  withAdvisoryLock: <T>(key: number, fn: () => Promise<T>) => Promise<T>
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

/**
 * PGlite runs PostgreSQL in WebAssembly, whose memory never shrinks: its shared buffers (PostgreSQL's default
 * 128 MB) stay resident for the life of the process. The embedded backend keeps them at 16 MB (issue 13,
 * `npm run bench:memory`): reads still hit the operating system's file cache, and one process is the only client.
 */
const PGLITE_START_PARAMS = [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB']

export const openDatabase = async (options: OpenDatabaseOptions = {}): Promise<Database> => {
  if (options.url) {
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 10 })
    // An idle client losing its connection must not crash the process; the next query reports the error.
    pool.on('error', () => undefined)
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
      withAdvisoryLock: async (key, fn) => {
        const lockClient = await pool.connect()
        try {
          await lockClient.query('select pg_advisory_lock($1)', [key])
          try {
            return await fn()
          } finally {
            await lockClient.query('select pg_advisory_unlock($1)', [key])
          }
        } finally {
          lockClient.release()
        }
      },
    }
  }
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true })
  const pglite = new PGlite({
    startParams: PGLITE_START_PARAMS,
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
  })
  await pglite.waitReady
  const db = drizzlePglite({ client: pglite, schema }) as unknown as Db
  let closed = false
  let chain: Promise<unknown> = Promise.resolve()
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
    withAdvisoryLock: <T>(_key: number, fn: () => Promise<T>): Promise<T> => {
      // One process per data directory; still serialise callers inside this process.
      const run = chain.then(fn, fn)
      chain = run.catch(() => undefined)
      return run
    },
  }
}

/**
 * Runs raw SQL and returns its rows, whichever driver is behind `db` (both PGlite and node-postgres answer
 * `{ rows }`). Use drizzle's query builder where it suffices; this is for statements it cannot express.
 */
export const queryRows = async <T>(db: Db, query: SQL): Promise<T[]> => {
  const result = (await db.execute(query)) as unknown as { rows?: T[] }
  return result.rows ?? []
}

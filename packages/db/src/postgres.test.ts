import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  appliedMigrations,
  createScratchPostgresDatabase,
  migrateAll,
  migrationsFolder,
  openDatabase,
  queryRows,
  seedAll,
  SERVICE_SCHEMAS,
  type Database,
} from './index.ts'
import { readFileSync, existsSync } from 'node:fs'
import path from 'node:path'

const adminUrl = process.env.TEST_DATABASE_URL ?? ''
if (!adminUrl) console.warn('\n!!! SKIPPED: PostgreSQL migration suite — TEST_DATABASE_URL is not set !!!\n')

const journalLength = (schema: (typeof SERVICE_SCHEMAS)[number]): number => {
  const file = path.join(migrationsFolder(schema), 'meta', '_journal.json')
  return existsSync(file)
    ? (JSON.parse(readFileSync(file, 'utf8')) as { entries: unknown[] }).entries.length
    : 0
}

const rowCounts = async (database: Database): Promise<Record<string, number>> => {
  const tables = await queryRows<{ s: string; t: string }>(
    database.db,
    sql`select table_schema as s, table_name as t from information_schema.tables
        where table_schema in ('app', 'sso', 'flags', 'queue') and table_type = 'BASE TABLE' order by 1, 2`,
  )
  const counts: Record<string, number> = {}
  for (const { s, t } of tables) {
    const [row] = await queryRows<{ n: number }>(
      database.db,
      sql.raw(`select count(*)::int as n from "${s}"."${t}"`),
    )
    counts[`${s}.${t}`] = row!.n
  }
  return counts
}

describe.skipIf(!adminUrl)('migrations and seeds on PostgreSQL (TEST_DATABASE_URL)', () => {
  let scratch: Awaited<ReturnType<typeof createScratchPostgresDatabase>>
  let a: Database
  let b: Database

  beforeAll(async () => {
    scratch = await createScratchPostgresDatabase(adminUrl)
    a = await openDatabase({ url: scratch.url })
    b = await openDatabase({ url: scratch.url })
  })
  afterAll(async () => {
    await a?.close()
    await b?.close()
    await scratch?.drop()
  })

  it('applies every schema migration once, even when two processes start together', async () => {
    await Promise.all([migrateAll(a), migrateAll(b)])
    await migrateAll(a)
    for (const schema of SERVICE_SCHEMAS)
      expect(await appliedMigrations(a, schema), schema).toBe(journalLength(schema))
    const [jobs] = await queryRows<{ present: boolean }>(
      a.db,
      sql`select to_regclass('queue.jobs') is not null as present`,
    )
    expect(jobs?.present).toBe(true)
  })

  it('seeds idempotently: a second run adds nothing', async () => {
    await seedAll({ db: a.db })
    const first = await rowCounts(a)
    expect(Object.values(first).reduce((x, y) => x + y, 0)).toBeGreaterThan(0)
    await seedAll({ db: a.db })
    expect(await rowCounts(a)).toEqual(first)
  })
})

import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { migrate } from 'drizzle-orm/pglite/migrator'
import type { PgliteDatabase } from 'drizzle-orm/pglite'
import { afterAll, describe, expect, it } from 'vitest'
import { openDatabase } from './client.ts'
import { migrationsFolder, MIGRATIONS_SCHEMA } from './migrate.ts'

/** Issue 26 §3: migration 0012 makes every eSpeak voice BASIC (none premium), installed Piper voices NEURAL. */
describe('migration 0012 voice tiers', () => {
  const before = mkdtempSync(path.join(tmpdir(), 'loa-mig-'))
  afterAll(() => rmSync(before, { recursive: true, force: true }))

  it('re-tiers an existing catalogue and gives every voice the factor 1', async () => {
    cpSync(migrationsFolder('app'), before, { recursive: true })
    const journalPath = path.join(before, 'meta', '_journal.json')
    const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { idx: number }[] }
    journal.entries = journal.entries.filter((e) => e.idx < 12)
    writeFileSync(journalPath, JSON.stringify(journal))
    const database = await openDatabase()
    const db = database.db as unknown as PgliteDatabase
    const config = { migrationsSchema: MIGRATIONS_SCHEMA, migrationsTable: 'app_migrations' }
    try {
      await migrate(db, { ...config, migrationsFolder: before })
      const pg = database.pglite!
      await pg.exec(`
        insert into app.voices (code, name, gender, region, level, engine_voice, provider) values
          ('a_premium_espeak', 'A', 'FEMALE', 'NORTH', 'PREMIUM', 'vi-north-female-lan', 'loa'),
          ('b_standard_espeak', 'B', 'MALE', 'SOUTH', 'STANDARD', 'vi-south-male-kien', 'loa'),
          ('c_neural', 'C', 'FEMALE', 'NORTH', 'PREMIUM', 'c_neural', 'piper'),
          ('d_provider', 'D', 'FEMALE', 'NORTH', 'PREMIUM', 'ngoc', 'vieneu');
      `)
      await migrate(db, { ...config, migrationsFolder: migrationsFolder('app') })
      const rows = await pg.query<{ code: string; level: string; credit_factor: number }>(
        'select code, level, credit_factor from app.voices order by code',
      )
      expect(rows.rows).toEqual([
        { code: 'a_premium_espeak', level: 'BASIC', credit_factor: 1 },
        { code: 'b_standard_espeak', level: 'BASIC', credit_factor: 1 },
        { code: 'c_neural', level: 'NEURAL', credit_factor: 1 },
        { code: 'd_provider', level: 'PREMIUM', credit_factor: 1 },
      ])
    } finally {
      await database.close()
    }
  })
})

import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { migrate } from 'drizzle-orm/pglite/migrator'
import type { PgliteDatabase } from 'drizzle-orm/pglite'
import { afterAll, describe, expect, it } from 'vitest'
import { openDatabase } from './client.ts'
import { migrationsFolder, MIGRATIONS_SCHEMA } from './migrate.ts'

/** Issue 28: migration 0011 keeps dubbing balances as they are (they were sold as seconds) and backfills renders. */
describe('migration 0011 dubbing seconds', () => {
  const before = mkdtempSync(path.join(tmpdir(), 'loa-mig-'))
  afterAll(() => rmSync(before, { recursive: true, force: true }))

  it('keeps every balance and gives earlier renders the seconds their lines span', async () => {
    cpSync(migrationsFolder('app'), before, { recursive: true })
    const journalPath = path.join(before, 'meta', '_journal.json')
    const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { idx: number }[] }
    journal.entries = journal.entries.filter((e) => e.idx < 11)
    writeFileSync(journalPath, JSON.stringify(journal))
    const database = await openDatabase()
    const db = database.db as unknown as PgliteDatabase
    const config = { migrationsSchema: MIGRATIONS_SCHEMA, migrationsTable: 'app_migrations' }
    try {
      await migrate(db, { ...config, migrationsFolder: before })
      const pg = database.pglite!
      await pg.exec(`
        insert into app.credit_wallets (user_id, product, balance) values
          ('u1', 'aidubbing', 600), ('u1', 'aivoice', 12400);
        insert into app.dubbing_projects (id, user_id, name, subtitle_format, voice_code)
          values ('00000000-0000-4000-8000-000000000001', 'u1', 'p', 'srt', 'v');
        insert into app.dubbing_renders (id, project_id, user_id, input, characters) values
          ('00000000-0000-4000-8000-00000000000a', '00000000-0000-4000-8000-000000000001', 'u1',
           '{"lines":[{"id":"a","startMs":1000,"endMs":4000},{"id":"b","startMs":50000,"endMs":61200}]}', 851),
          ('00000000-0000-4000-8000-00000000000b', '00000000-0000-4000-8000-000000000001', 'u1',
           '{"lineId":"a","lines":[{"id":"a","startMs":1000,"endMs":4000},{"id":"b","startMs":50000,"endMs":61200}]}', 13),
          ('00000000-0000-4000-8000-00000000000c', '00000000-0000-4000-8000-000000000001', 'u1', '{"lines":[]}', 0);
      `)
      await migrate(db, { ...config, migrationsFolder: migrationsFolder('app') })
      const wallets = await pg.query<{ product: string; balance: string }>(
        'select product, balance::text from app.credit_wallets order by product',
      )
      expect(wallets.rows).toEqual([
        { product: 'aidubbing', balance: '600' },
        { product: 'aivoice', balance: '12400' },
      ])
      const renders = await pg.query<{ characters: number; seconds: number }>(
        'select characters, seconds from app.dubbing_renders order by id',
      )
      // 1.0 s → 61.2 s spans 60.2 s: 61 whole seconds; the one-line regeneration 3 s; no line, nothing.
      expect(renders.rows).toEqual([
        { characters: 851, seconds: 61 },
        { characters: 13, seconds: 3 },
        { characters: 0, seconds: 0 },
      ])
    } finally {
      await database.close()
    }
  })
})

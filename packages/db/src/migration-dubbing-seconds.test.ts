import { describe, expect, it } from 'vitest'
import { openBeforeAppMigration } from './migration-test-kit.ts'

/** Issue 28: migration 0011 keeps dubbing balances as they are (they were sold as seconds) and backfills renders. */
describe('migration 0011 dubbing seconds', () => {
  it('keeps every balance and gives earlier renders the seconds their lines span', async () => {
    const { pg, migrateRest, close } = await openBeforeAppMigration(11)
    try {
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
      await migrateRest()
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
      await close()
    }
  })
})

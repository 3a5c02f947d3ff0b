import { describe, expect, it } from 'vitest'
import { openBeforeAppMigration } from './migration-test-kit.ts'

/** Issue 28: migration 0017 takes the cycle's end off profiles still on a free plan (its wallet never lapses). */
describe('migration 0017 free plan without expiry', () => {
  it('clears the expiry of free-plan profiles only', async () => {
    const { pg, migrateRest, close } = await openBeforeAppMigration(17)
    try {
      await pg.exec(`
        insert into app.packages (code, name, family, type, cycle, kind, price, credits, devices, duration_days) values
          ('FREE', 'Miễn phí', 'BASIC', 'STUDIO', 'monthly', 'AUTO_RENEW', 0, 5000, 1, 30),
          ('PAID', 'Tiêu chuẩn', 'STANDARD', 'STUDIO', 'monthly', 'AUTO_RENEW', 99000, 100000, 2, 30),
          ('TRIAL', 'Dùng thử', 'TRIAL', 'STUDIO', null, 'PREPAID', 0, 10000, 1, 7);
        insert into app.users (id, affiliate_code, package_code, package_expires_at) values
          ('free', 'A1', 'FREE', '2026-12-27T00:00:00Z'),
          ('paid', 'A2', 'PAID', '2026-12-28T00:00:00Z'),
          ('trial', 'A3', 'TRIAL', '2026-12-04T00:00:00Z'),
          ('none', 'A4', null, null);
      `)
      await migrateRest()
      const users = await pg.query<{ id: string; expires: string | null }>(
        `select id, to_char(package_expires_at at time zone 'UTC', 'YYYY-MM-DD') as expires from app.users order by id`,
      )
      expect(users.rows).toEqual([
        { id: 'free', expires: null },
        { id: 'none', expires: null },
        { id: 'paid', expires: '2026-12-28' },
        { id: 'trial', expires: '2026-12-04' },
      ])
    } finally {
      await close()
    }
  })
})

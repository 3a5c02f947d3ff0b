import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { deleteExpired } from '../store/cleanup.ts'
import { ssoAuthCodes, ssoGrants, ssoRefreshTokens, ssoSessions } from '../store/tables.ts'
import { createHarness, signUpAndExchange, type Harness } from '../testing/harness.ts'

describe('housekeeping', () => {
  let h: Harness
  beforeAll(async () => {
    h = await createHarness()
  })
  afterAll(async () => h.close())

  it('keeps live rows and deletes rows past their end', async () => {
    await signUpAndExchange(h)
    const count = async () => ({
      codes: (await h.database.db.select().from(ssoAuthCodes)).length,
      sessions: (await h.database.db.select().from(ssoSessions)).length,
      grants: (await h.database.db.select().from(ssoGrants)).length,
      refresh: (await h.database.db.select().from(ssoRefreshTokens)).length,
    })
    const before = await count()
    for (const n of Object.values(before)) expect(n).toBeGreaterThan(0)
    await deleteExpired(h.database.db, new Date(h.clock.now()))
    expect(await count()).toEqual(before)
    const later = new Date(h.clock.now() + (h.config.ttl.sessionMax + 2 * 24 * 3600) * 1000)
    await deleteExpired(h.database.db, later)
    expect(await count()).toEqual({ codes: 0, sessions: 0, grants: 0, refresh: 0 })
  })
})

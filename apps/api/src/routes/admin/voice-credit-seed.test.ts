/**
 * The seeds run at every start. Their backfill of the built-in voices' credit line (for installs seeded before the
 * columns existed) must not undo an operator who cleared a voice's attribution and licence in the back-office:
 * "an operator's edit is never overwritten".
 */
import { app as t, seedAll } from '@loa/db'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestApi, type TestApi } from '../../test/harness.ts'

let api: TestApi
beforeAll(async () => {
  api = await startTestApi()
})
afterAll(() => api.close())

const credit = async (code: string) => {
  const [row] = await api.database.db
    .select({ attribution: t.voices.attribution, licence: t.voices.licence })
    .from(t.voices)
    .where(eq(t.voices.code, code))
  return row
}

describe('the built-in voices’ credit line across a restart', () => {
  it('stays cleared when an operator cleared it; is still filled in on a voice nobody edited', async () => {
    const admin = await api.token('u-credit-editor', { roles: ['admin'], email: 'credit@loa.vn' })
    const cleared = await api.call({
      method: 'PATCH',
      url: '/api/v1/admin/voices/hn_female_thuha_news',
      token: admin,
      payload: { attribution: null, licence: null },
    })
    expect(cleared.statusCode, cleared.body).toBe(200)
    expect(await credit('hn_female_thuha_news')).toEqual({ attribution: null, licence: null })
    // An install seeded before the columns existed: a voice with neither, and no operator change.
    await api.database.db
      .update(t.voices)
      .set({ attribution: null, licence: null })
      .where(eq(t.voices.code, 'hn_male_quanganh_news'))

    await seedAll({ db: api.database.db }) // the next start

    expect(await credit('hn_female_thuha_news')).toEqual({ attribution: null, licence: null })
    expect((await credit('hn_male_quanganh_news'))?.attribution).toContain('eSpeak NG')
  })
})

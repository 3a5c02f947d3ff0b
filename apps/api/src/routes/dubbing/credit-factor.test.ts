/**
 * Dubbing × the voice credit factor (issue #26 §3): a render reserves the span of its subtitles in seconds times
 * the highest factor among its voices, read from the catalogue when the render starts; a regeneration its line's.
 */
import { app as t } from '@loa/db'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSynthesisTestApi, type SynthesisTestApi } from '../synthesis/test-setup.ts'

// 0.5 s → 10.2 s: 9.7 s, 10 s at ×1. Lan and Minh (each named twice) get two different voices.
const SRT = `1
00:00:00,500 --> 00:00:03,000
LAN: Chào anh.

2
00:00:03,500 --> 00:00:06,000
MINH: Chào em.

3
00:00:06,500 --> 00:00:08,200
LAN: Đi thôi.

4
00:00:08,500 --> 00:00:10,200
MINH: Ừ.
`

let api: SynthesisTestApi
let token: string
const base = '/api/v1/dubbing'

beforeAll(async () => {
  api = await startSynthesisTestApi({ runJobs: false })
  token = await api.token('factor-user')
  await api.setBalance('factor-user', 1000, 'aidubbing')
})
afterAll(() => api?.close())

const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
  api.call({ method, url: `${base}${url}`, token, ...(payload ? { payload } : {}) })
const setFactor = (code: string, creditFactor: number) =>
  api.database.db.update(t.voices).set({ creditFactor }).where(eq(t.voices.code, code))
/** The render's seconds, and the same amount held from the wallet. */
const renderSeconds = async (id: string) => {
  const [render] = await api.database.db.select().from(t.dubbingRenders).where(eq(t.dubbingRenders.id, id))
  const [held] = await api.database.db
    .select()
    .from(t.creditReservations)
    .where(eq(t.creditReservations.id, render!.reservationId!))
  expect(held).toMatchObject({ amount: render!.seconds, product: 'aidubbing', status: 'HELD' })
  return render!.seconds
}

describe('dubbing billed with the voice credit factor', () => {
  it("reserves seconds × the highest factor of the render's voices; a regeneration its own line's", async () => {
    const p = (await call('POST', '/projects', { subtitle_text: SRT })).json().result
    const [lan, minh] = p.speakers as { name: string; voice_code: string }[]
    expect(lan!.voice_code).not.toBe(minh!.voice_code)

    const plain = await call('POST', `/projects/${p.id}/render`)
    expect(plain.statusCode, plain.body).toBe(200)
    expect(await renderSeconds(plain.json().result.id)).toBe(10)

    // Minh's voice becomes premium ×2.5: the whole render bills 10 s × 2.5 = 25 s, held from the wallet.
    await setFactor(minh!.voice_code, 2.5)
    const premium = await call('POST', `/projects/${p.id}/render`)
    expect(premium.statusCode, premium.body).toBe(200)
    expect(await renderSeconds(premium.json().result.id)).toBe(25)

    // Regenerating Lan's first line (0.5 s → 3.0 s: 3 s) bills her voice's ×1; Minh's line (2.5 s → 3 s) ×2.5 = 8.
    const lanLine = p.lines[0].id as string
    const minhLine = p.lines[1].id as string
    const one = await call('POST', `/projects/${p.id}/lines/${lanLine}/regenerate`)
    expect(one.statusCode, one.body).toBe(200)
    expect(await renderSeconds(one.json().result.id)).toBe(3)
    const two = await call('POST', `/projects/${p.id}/lines/${minhLine}/regenerate`)
    expect(await renderSeconds(two.json().result.id)).toBe(8)
  })
})

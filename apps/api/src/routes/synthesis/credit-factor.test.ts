import { billableCharacters } from '@loa/contracts'
import { app as t } from '@loa/db'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSynthesisTestApi, type SynthesisTestApi } from './test-setup.ts'

/** Issue #26 §3: a voice's credit factor multiplies the characters reserved, charged and written to the ledger. */
let api: SynthesisTestApi
beforeAll(async () => {
  api = await startSynthesisTestApi()
  await api.database.db
    .update(t.voices)
    .set({ creditFactor: 1.5 })
    .where(eq(t.voices.code, 'hue_male_baolong_book'))
}, 60_000)
afterAll(() => api?.close())

const ledger = (reference: string) =>
  api.database.db.select().from(t.creditEntries).where(eq(t.creditEntries.reference, reference))

describe('credit factor', () => {
  it('bills a voice of factor 1.5 half as much again, in the reservation, the charge and the balance', async () => {
    await api.setBalance('u-factor', 1_000)
    const token = await api.token('u-factor')
    const text = 'Huế mộng mơ, sông Hương êm đềm.'
    const res = await api.call({
      method: 'POST',
      url: '/api/v1/synthesis',
      token,
      payload: { text, voice_code: 'hue_male_baolong_book', audio_type: 'mp3' },
    })
    expect(res.statusCode, res.body).toBe(200)
    const billed = Math.ceil(billableCharacters(text) * 1.5)
    const req = res.json().result
    expect(req.characters).toBe(billed)
    expect(await api.balance('u-factor')).toBe(1_000 - billed)
    const done = await api.waitFinal(token, req.request_id)
    expect(done).toMatchObject({ status: 'SUCCESS', charged_characters: billed })
    const entries = await ledger(req.request_id)
    expect(entries.map((e) => [e.kind, e.amount]).sort()).toEqual([
      ['CHARGE', billed],
      ['RESERVATION', billed],
    ])
    expect(await api.balance('u-factor')).toBe(1_000 - billed)
  }, 60_000)

  it('bills each paragraph with its own voice, the separator at 1', async () => {
    await api.setBalance('u-factor-mixed', 1_000)
    const token = await api.token('u-factor-mixed')
    const paragraphs = [
      { text: 'Xin chào.', voice_code: 'hue_male_baolong_book' },
      { text: 'Tạm biệt nhé.', voice_code: 'sg_female_kimngan_news' },
    ]
    const res = await api.call({ method: 'POST', url: '/api/v1/synthesis', token, payload: { paragraphs } })
    expect(res.statusCode, res.body).toBe(200)
    const billed = Math.ceil(billableCharacters('Xin chào.') * 1.5) + billableCharacters('Tạm biệt nhé.') + 1
    expect(res.json().result.characters).toBe(billed)
    expect(await api.balance('u-factor-mixed')).toBe(1_000 - billed)
    await api.waitFinal(token, res.json().result.request_id)
  }, 60_000)

  it('refuses a request its factor makes too dear for the balance, charging nothing', async () => {
    const text = 'Mười ký tự'
    await api.setBalance('u-factor-short', billableCharacters(text))
    const token = await api.token('u-factor-short')
    const res = await api.call({
      method: 'POST',
      url: '/api/v1/synthesis',
      token,
      payload: { text, voice_code: 'hue_male_baolong_book' },
    })
    expect(res.statusCode).toBe(402)
    expect(await api.balance('u-factor-short')).toBe(billableCharacters(text))
  })
})

import { app as t } from '@loa/db'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSynthesisTestApi, type SynthesisTestApi } from './test-setup.ts'

let api: SynthesisTestApi
beforeAll(async () => {
  api = await startSynthesisTestApi()
}, 60_000)
afterAll(() => api?.close())

const fetchSigned = async (url: string) => {
  const u = new URL(url)
  return api.app.inject({ method: 'GET', url: u.pathname + u.search })
}

describe('studio synthesis', () => {
  it('reserves credits, renders through the job, charges once, serves signed audio and subtitles', async () => {
    await api.setBalance('u-syn', 1_000)
    const token = await api.token('u-syn')
    const text = 'Xin chào Việt Nam. Hôm nay là ngày 2/9/2025.'
    const created = await api.call({
      method: 'POST',
      url: '/api/v1/synthesis',
      token,
      payload: { text, voice_code: 'hn_female_thuha_news', audio_type: 'mp3' },
    })
    expect(created.statusCode, created.body).toBe(200)
    const req = created.json().result
    expect(req).toMatchObject({ status: 'IN_PROGRESS', characters: [...text].length, audio_link: null })
    expect(await api.balance('u-syn')).toBe(1_000 - req.characters)

    const done = await api.waitFinal(token, req.request_id)
    expect(done).toMatchObject({ status: 'SUCCESS', progress: 100, charged_characters: req.characters })
    expect(done.duration_ms).toBeGreaterThan(500)
    expect(await api.balance('u-syn')).toBe(1_000 - req.characters)
    const audio = await fetchSigned(done.audio_link as string)
    expect(audio.statusCode).toBe(200)
    expect(audio.rawPayload.length).toBeGreaterThan(1_000)
    const timeline = (await fetchSigned(done.timeline_link as string)).json()
    expect(timeline.sentences.length).toBe(2)

    const entries = await api.database.db
      .select()
      .from(t.creditEntries)
      .where(eq(t.creditEntries.reference, req.request_id))
    expect(entries.map((e) => e.kind).sort()).toEqual(['CHARGE', 'RESERVATION'])

    for (const format of ['srt', 'vtt', 'wav'] as const) {
      const link = await api.call({
        method: 'GET',
        url: `/api/v1/synthesis/${req.request_id}/download?format=${format}`,
        token,
      })
      expect(link.statusCode).toBe(200)
      const file = await fetchSigned(link.json().result.url)
      expect(file.statusCode).toBe(200)
      if (format === 'srt') expect(file.body).toMatch(/00:00:00,000 --> /)
      if (format === 'vtt') expect(file.body.startsWith('WEBVTT')).toBe(true)
      if (format === 'wav') expect(file.rawPayload.subarray(0, 4).toString()).toBe('RIFF')
    }
    // Nothing more was charged for the downloads.
    expect(await api.balance('u-syn')).toBe(1_000 - req.characters)
  }, 60_000)
})

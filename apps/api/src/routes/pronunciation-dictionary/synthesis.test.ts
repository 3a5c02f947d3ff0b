import { app as t } from '@loa/db'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSynthesisTestApi, type SynthesisTestApi } from '../synthesis/test-setup.ts'

/** The pronunciation dictionary in the preview, studio syntheses (through the worker) and the developer API. */
let api: SynthesisTestApi
beforeAll(async () => {
  // Jobs start inside the tests: the snapshot test needs a request accepted while nothing renders yet.
  api = await startSynthesisTestApi({ runJobs: false })
}, 60_000)
afterAll(() => api?.close())

const NORTH_VOICE = 'hn_female_thuha_news'
const SOUTH_VOICE = 'sg_female_kimngan_news'

const user = async (sub: string, credits = 2_000) => {
  await api.setBalance(sub, credits)
  const token = await api.token(sub)
  const add = async (word: string, reading: string, region?: string) => {
    const res = await api.call({
      method: 'POST',
      url: '/api/v1/pronunciation-dictionary',
      token,
      payload: { word, reading, ...(region ? { region } : {}) },
    })
    expect(res.statusCode, res.body).toBe(200)
    return res.json().result.id as string
  }
  const edit = async (id: string, word: string, reading: string) => {
    const res = await api.call({
      method: 'PUT',
      url: `/api/v1/pronunciation-dictionary/${id}`,
      token,
      payload: { word, reading },
    })
    expect(res.statusCode, res.body).toBe(200)
  }
  const preview = async (text: string, voice = NORTH_VOICE) => {
    const res = await api.call({
      method: 'POST',
      url: '/api/v1/synthesis/preview',
      token,
      payload: { text, voice_code: voice },
    })
    expect(res.statusCode, res.body).toBe(200)
    return res.json().result as {
      text: string
      spans: { kind: string; text: string; source: string; src_start: number; src_end: number }[]
    }
  }
  const synthesize = async (payload: Record<string, unknown>) => {
    const res = await api.call({ method: 'POST', url: '/api/v1/synthesis', token, payload })
    expect(res.statusCode, res.body).toBe(200)
    return res.json().result.request_id as string
  }
  /** The finished request, its detail and its timeline's spoken sentences. */
  const finished = async (id: string) => {
    const done = await api.waitFinal(token, id)
    expect(done.status, JSON.stringify(done)).toBe('SUCCESS')
    const detail = (await api.call({ method: 'GET', url: `/api/v1/synthesis/${id}`, token })).json().result
    const timeline = JSON.parse(
      new TextDecoder().decode(await api.storage.getBytes(`synthesis/${id}/timeline.json`)),
    ) as { sentences: { text: string; source: string }[] }
    return { done, detail, spoken: timeline.sentences.map((s) => s.text).join(' ') }
  }
  return { token, add, edit, preview, synthesize, finished }
}

describe('pronunciation dictionary in synthesis', () => {
  it('snapshots the entries when a request is accepted: an edit afterwards does not change it', async () => {
    const me = await user('u-dsnap')
    const id = await me.add('WHO', 'hu')
    const first = await me.synthesize({ text: 'Tổ chức WHO họp hôm nay.', voice_code: NORTH_VOICE })
    // Edited and a new entry added while the first request waits for the worker.
    await me.edit(id, 'WHO', 'đáp liu hát ô')
    await me.add('UBND', 'ủy ban')
    const second = await me.synthesize({ text: 'Tổ chức WHO và UBND họp.', voice_code: NORTH_VOICE })
    const [row] = await api.database.db
      .select({ dictionary: t.synthesisRequests.dictionary })
      .from(t.synthesisRequests)
      .where(eq(t.synthesisRequests.id, first))
    expect(row!.dictionary).toEqual([{ word: 'WHO', reading: 'hu' }])
    await api.startJobs()
    const a = await me.finished(first)
    expect(a.spoken).toMatch(/tổ chức hu họp/i)
    expect(a.detail.dictionary).toEqual([{ word: 'WHO', reading: 'hu', region: null }])
    const b = await me.finished(second)
    expect(b.spoken).toMatch(/đáp liu hát ô và ủy ban họp/i)
    expect(b.detail.dictionary).toHaveLength(2)
  }, 90_000)

  it('previews with the dictionary: a `dictionary` span with the reading, per region', async () => {
    await api.startJobs()
    const me = await user('u-dprev')
    const before = await me.preview('Tổ chức WHO họp.')
    expect(before.spans.find((s) => s.source === 'WHO')).toMatchObject({ kind: 'acronym' })
    await me.add('who', 'hu')
    await me.add('bắp', 'bắp ngọt', 'SOUTH')
    const after = await me.preview('Tổ chức WHO họp, ăn bắp.')
    expect(after.spans.find((s) => s.source === 'WHO')).toMatchObject({
      kind: 'dictionary',
      text: 'hu',
      src_start: 8,
      src_end: 11,
    })
    expect(after.text).toBe('Tổ chức hu họp, ăn bắp.')
    // A southern entry applies to a southern voice only.
    const south = await me.preview('Tổ chức WHO họp, ăn bắp.', SOUTH_VOICE)
    expect(south.text).toBe('Tổ chức hu họp, ăn bắp ngọt.')
    // Someone else's preview is not affected.
    const other = await user('u-dprev-other')
    expect((await other.preview('Tổ chức WHO họp.')).text).not.toContain('hu')
  })

  it('renders with each paragraph voice’s region and never serves a stale reading from the cache', async () => {
    await api.startJobs()
    const me = await user('u-dcache', 5_000)
    const id = await me.add('Vinamilk', 'vi na miu')
    await me.add('bắp', 'bắp ngọt', 'SOUTH')
    const text = 'Công ty Vinamilk bán bắp.'
    const a = await me.finished(await me.synthesize({ text, voice_code: NORTH_VOICE }))
    expect(a.spoken).toMatch(/vi na miu bán bắp\./)
    expect(a.done.cache_hits).toBe(0)
    // Same text, same reading: the sentence comes from the cache (and this user paid for it already).
    const b = await me.finished(await me.synthesize({ text, voice_code: NORTH_VOICE }))
    expect(b.done).toMatchObject({ cache_hits: 1, charged_characters: 0 })
    // A changed reading is a changed sentence: rendered again and charged.
    await me.edit(id, 'Vinamilk', 'vi na min')
    const c = await me.finished(await me.synthesize({ text, voice_code: NORTH_VOICE }))
    expect(c.spoken).toMatch(/vi na min bán bắp\./)
    expect(c.done).toMatchObject({ cache_hits: 0, charged_characters: [...text].length })
    // Paragraphs with voices of two regions: the southern entry applies to the southern paragraph only.
    const d = await me.finished(
      await me.synthesize({
        paragraphs: [
          { text: 'Miền Bắc ăn bắp.', voice_code: NORTH_VOICE },
          { text: 'Miền Nam ăn bắp.', voice_code: SOUTH_VOICE },
        ],
      }),
    )
    expect(d.spoken).toMatch(/miền bắc ăn bắp\. .*miền nam ăn bắp ngọt\./i)
    // The WAV of the same request (rendered again on download) reads with the snapshot too: cache hits only.
    const wav = await api.call({
      method: 'GET',
      url: `/api/v1/synthesis/${c.done.request_id}/download?format=wav`,
      token: me.token,
    })
    expect(wav.statusCode, wav.body).toBe(200)
    expect(await api.storage.exists(`synthesis/${c.done.request_id}/audio.wav`)).toBe(true)
  }, 120_000)

  it("developer API requests (batch and stream) read with the app owner's dictionary", async () => {
    await api.startJobs()
    const me = await user('u-dapi', 5_000)
    await me.add('WHO', 'hu')
    const created = await api.call({
      method: 'POST',
      url: '/api/v1/api-apps',
      token: me.token,
      payload: { name: 'Từ điển' },
    })
    const appToken = created.json().result.token as string
    const auth = { authorization: `Bearer ${appToken}` }
    const batch = await api.call({
      method: 'POST',
      url: '/api/v1/tts',
      headers: auth,
      payload: { input_text: 'Báo cáo của WHO năm nay.', voice_code: NORTH_VOICE },
    })
    expect(batch.statusCode, batch.body).toBe(200)
    const { spoken } = await me.finished(batch.json().result.request_id)
    expect(spoken).toMatch(/báo cáo của hu năm nay/i)

    // Streams: the reading is part of the sentence's cache key (same reading → hit; changed → rendered).
    const stream = async () => {
      const res = await api.call({
        method: 'POST',
        url: '/api/v1/tts/stream',
        headers: auth,
        payload: { input_text: 'Chuyên gia WHO đến thăm.', voice_code: NORTH_VOICE },
      })
      expect(res.statusCode, res.body.slice(0, 200)).toBe(200)
      const [row] = await api.database.db
        .select()
        .from(t.synthesisRequests)
        .where(eq(t.synthesisRequests.id, String(res.headers['x-request-id-synthesis'])))
      expect(row!.status).toBe('SUCCESS')
      return row!
    }
    const s1 = await stream()
    expect(s1).toMatchObject({ cacheHits: 0, dictionary: [{ word: 'WHO', reading: 'hu' }] })
    expect((await stream()).cacheHits).toBe(1)
    const [entry] = await api.database.db
      .select()
      .from(t.pronunciationEntries)
      .where(eq(t.pronunciationEntries.userId, 'u-dapi'))
    await me.edit(entry!.id, 'WHO', 'vê kép')
    expect((await stream()).cacheHits).toBe(0)
  }, 120_000)
})

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

describe('studio synthesis: history, cancel, delete, events, preview, cache rule', () => {
  it('lists and searches history; another user sees 404', async () => {
    await api.setBalance('u-hist', 1_000)
    const token = await api.token('u-hist')
    const ids: string[] = []
    for (const text of ['Một con mèo nhỏ.', 'Hai con chó lớn.']) {
      const res = await api.call({
        method: 'POST',
        url: '/api/v1/synthesis',
        token,
        payload: { text, voice_code: 'sg_female_kimngan_news' },
      })
      ids.push(res.json().result.request_id)
    }
    for (const id of ids) await api.waitFinal(token, id)
    const all = (await api.call({ method: 'GET', url: '/api/v1/synthesis', token })).json().result
    expect(all.total).toBe(2)
    expect(all.items[0].request_id).toBe(ids[1])
    const found = (
      await api.call({ method: 'GET', url: `/api/v1/synthesis?q=${encodeURIComponent('mèo')}`, token })
    ).json().result
    expect(found.items.map((i: { request_id: string }) => i.request_id)).toEqual([ids[0]])

    const other = await api.token('u-hist-other')
    for (const url of [`/api/v1/synthesis/${ids[0]}`, `/api/v1/synthesis/${ids[0]}/download?format=srt`]) {
      const res = await api.call({ method: 'GET', url, token: other })
      expect(res.statusCode).toBe(404)
      expect(res.json().error_code).toBe('SYNTHESIS_NOT_FOUND')
    }
    const del = await api.call({ method: 'DELETE', url: `/api/v1/synthesis/${ids[0]}`, token: other })
    expect(del.statusCode).toBe(404)

    // Deleting a finished request hides it and removes its files; the charge stays.
    const before = await api.balance('u-hist')
    const gone = await api.call({ method: 'DELETE', url: `/api/v1/synthesis/${ids[0]}`, token })
    expect(gone.json().result).toMatchObject({ cancelled: false, deleted: true })
    expect((await api.call({ method: 'GET', url: `/api/v1/synthesis/${ids[0]}`, token })).statusCode).toBe(
      404,
    )
    expect(await api.storage.exists(`synthesis/${ids[0]}/audio.mp3`)).toBe(false)
    expect(await api.balance('u-hist')).toBe(before)
  }, 60_000)

  it('streams progress events until the request is final (token in the query for EventSource)', async () => {
    await api.setBalance('u-sse', 1_000)
    const token = await api.token('u-sse')
    const res = await api.call({
      method: 'POST',
      url: '/api/v1/synthesis',
      token,
      payload: { text: 'Chúng tôi kiểm tra sự kiện tiến độ. Câu thứ hai. Câu thứ ba.' },
    })
    const id = res.json().result.request_id
    const events = await api.call({
      method: 'GET',
      url: `/api/v1/synthesis/${id}/events?access_token=${token}`,
    })
    expect(events.statusCode).toBe(200)
    expect(events.headers['content-type']).toMatch(/text\/event-stream/)
    const blocks = events.body.trim().split('\n\n')
    const last = blocks.at(-1)!
    expect(last).toMatch(/^event: done/)
    const data = JSON.parse(
      last
        .split('\n')
        .find((l) => l.startsWith('data: '))!
        .slice(6),
    )
    expect(data).toMatchObject({ request_id: id, status: 'SUCCESS', progress: 100 })
    expect(data.audio_link).toMatch(/\/api\/v1\/files\//)
    const unauth = await api.call({ method: 'GET', url: `/api/v1/synthesis/${id}/events` })
    expect(unauth.statusCode).toBe(401)
  }, 60_000)

  it('previews the normalized reading with a source map, free of charge', async () => {
    await api.setBalance('u-prev', 50)
    const token = await api.token('u-prev')
    const res = await api.call({
      method: 'POST',
      url: '/api/v1/synthesis/preview',
      token,
      payload: { text: 'Ngày 2/9/2025 giá 15.000đ.', voice_code: 'hn_female_thuha_news' },
    })
    expect(res.statusCode).toBe(200)
    const result = res.json().result
    expect(result.text).toMatch(/tháng chín/)
    const date = result.spans.find((s: { kind: string }) => s.kind === 'date')
    expect(date).toMatchObject({ source: '2/9/2025', src_start: 5, src_end: 13, doubt: null })
    expect(await api.balance('u-prev')).toBe(50)
  })

  it('marks in the preview the readings to check first', async () => {
    const token = await api.token('u-doubt')
    const res = await api.call({
      method: 'POST',
      url: '/api/v1/synthesis/preview',
      token,
      payload: {
        text: 'Tối 14.7, ngân hàng HSBC mở cửa. Chi phí ĐT tăng.',
        voice_code: 'hn_female_thuha_news',
      },
    })
    expect(res.statusCode, res.body).toBe(200)
    const doubts = res
      .json()
      .result.spans.filter((s: { doubt: string | null }) => s.doubt !== null)
      .map((s: { source: string; doubt: string }) => [s.source, s.doubt])
    expect(doubts).toEqual([
      ['14.7', 'date-or-number'],
      ['HSBC', 'unknown-acronym'],
      ['ĐT', 'ambiguous-abbreviation'],
    ])
  })

  it('re-rendering an edited text charges only the changed sentences', async () => {
    await api.setBalance('u-edit', 1_000)
    const token = await api.token('u-edit')
    const first = 'Trời hôm nay rất đẹp. Chúng ta đi dạo công viên.'
    const edited = 'Trời hôm nay rất đẹp. Chúng ta ở nhà đọc sách.'
    const render = async (text: string) => {
      const res = await api.call({ method: 'POST', url: '/api/v1/synthesis', token, payload: { text } })
      return api.waitFinal(token, res.json().result.request_id)
    }
    const a = await render(first)
    expect(a.charged_characters).toBe([...first].length)
    const b = await render(edited)
    expect(b.cache_hits).toBe(1)
    // The unchanged first sentence (21 characters) is not charged again.
    expect(b.charged_characters).toBe([...edited].length - [...'Trời hôm nay rất đẹp.'].length)
    expect(await api.balance('u-edit')).toBe(
      1_000 - (a.charged_characters as number) - (b.charged_characters as number),
    )
    // Another user rendering the same text pays in full (the audio is reused, the payment is per user).
    await api.setBalance('u-edit-2', 1_000)
    const token2 = await api.token('u-edit-2')
    const res = await api.call({
      method: 'POST',
      url: '/api/v1/synthesis',
      token: token2,
      payload: { text: edited },
    })
    const c = await api.waitFinal(token2, res.json().result.request_id)
    expect(c).toMatchObject({ cache_hits: 2, charged_characters: [...edited].length })
  }, 60_000)

  it('renders paragraphs with their own voices and speeds into one audio and one timeline', async () => {
    await api.setBalance('u-par', 1_000)
    const token = await api.token('u-par')
    const res = await api.call({
      method: 'POST',
      url: '/api/v1/synthesis',
      token,
      payload: {
        paragraphs: [
          { text: 'Xin chào các bạn.', voice_code: 'hn_male_quanganh_news', speed: 1.2 },
          { text: 'Tôi đến từ Sài Gòn.', voice_code: 'sg_female_kimngan_news', speed: 0.9 },
        ],
        audio_type: 'wav',
        sample_rate: 16000,
        pauses: { paragraph_ms: 800 },
      },
    })
    expect(res.statusCode, res.body).toBe(200)
    const done = await api.waitFinal(token, res.json().result.request_id)
    expect(done.status).toBe('SUCCESS')
    const detail = (
      await api.call({ method: 'GET', url: `/api/v1/synthesis/${done.request_id}`, token })
    ).json().result
    expect(detail.paragraphs.map((p: { voice_code: string }) => p.voice_code)).toEqual([
      'hn_male_quanganh_news',
      'sg_female_kimngan_news',
    ])
    // Creation, the item and the history list all name every voice of the request (issue 17).
    const voices = ['hn_male_quanganh_news', 'sg_female_kimngan_news']
    expect(res.json().result.voice_codes).toEqual(voices)
    expect(detail.voice_codes).toEqual(voices)
    const history = (await api.call({ method: 'GET', url: '/api/v1/synthesis', token })).json().result
    expect(history.items[0]).toMatchObject({ request_id: done.request_id, voice_codes: voices })
    const timeline = (await fetchSigned(detail.timeline_link)).json()
    expect(timeline.sentences.map((s: { paragraph: number }) => s.paragraph)).toEqual([0, 1])
    expect(timeline.sentences[1].source).toBe('Tôi đến từ Sài Gòn.')
    expect(timeline.sentences[1].startMs).toBeGreaterThan(timeline.sentences[0].endMs + 700)
    const wav = await fetchSigned(detail.audio_link)
    expect(wav.rawPayload.readUInt32LE(24)).toBe(16000)
  }, 60_000)
})

describe('studio synthesis: bad input', () => {
  it('answers 4xx with a stable code and touches no credits', async () => {
    await api.setBalance('u-bad-studio', 300)
    const token = await api.token('u-bad-studio')
    const cases: [Record<string, unknown>, number, string][] = [
      [{ text: '' }, 400, 'TEXT_EMPTY'],
      [{ text: ' <break time="1s"/> ' }, 400, 'TEXT_EMPTY'],
      [{ paragraphs: [] }, 400, 'TEXT_EMPTY'],
      [{ text: 'ạ'.repeat(100_001) }, 400, 'TEXT_TOO_LONG'],
      [{ text: 'Xin chào.', voice_code: 'vi_unknown' }, 400, 'VOICE_NOT_FOUND'],
      [{ text: 'Xin chào.', speed: 3 }, 400, 'SYNTHESIS_OPTION_INVALID'],
      [{ text: 'Xin chào.', bitrate: 320 }, 400, 'SYNTHESIS_OPTION_INVALID'],
      [{ text: 'Xin chào.', sample_rate: 12345 }, 400, 'SYNTHESIS_OPTION_INVALID'],
      [{ text: 'Xin chào.', pauses: { sentence_ms: -5 } }, 400, 'SYNTHESIS_OPTION_INVALID'],
      [{ text: 'Một câu rất dài. '.repeat(30) }, 402, 'INSUFFICIENT_CREDITS'],
    ]
    for (const [payload, status, code] of cases) {
      const res = await api.call({ method: 'POST', url: '/api/v1/synthesis', token, payload })
      expect(res.statusCode, JSON.stringify(payload).slice(0, 60)).toBe(status)
      expect(res.json().error_code, JSON.stringify(payload).slice(0, 60)).toBe(code)
    }
    expect(
      (await api.call({ method: 'POST', url: '/api/v1/synthesis', payload: { text: 'x' } })).statusCode,
    ).toBe(401)
    expect(await api.balance('u-bad-studio')).toBe(300)
    const entries = await api.database.db
      .select()
      .from(t.creditEntries)
      .where(eq(t.creditEntries.userId, 'u-bad-studio'))
    expect(entries.filter((e) => e.kind !== 'GRANT')).toHaveLength(0)
    const notFound = await api.call({ method: 'GET', url: '/api/v1/synthesis/not-a-uuid', token })
    expect(notFound.json().error_code).toBe('SYNTHESIS_NOT_FOUND')
  }, 60_000)
})

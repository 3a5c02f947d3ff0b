import { app as t } from '@loa/db'
import { parseSubtitles } from '@loa/dubbing'
import { dubbingJobs } from '@loa/dubbing/server'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSynthesisTestApi, type SynthesisTestApi } from '../synthesis/test-setup.ts'

const SRT = `1
00:00:00,500 --> 00:00:02,500
LAN: Xin chào anh.

2
00:00:03,000 --> 00:00:05,000
[Minh] Chào em, <i>lâu rồi</i> không gặp.
`

let api: SynthesisTestApi
let token: string
const base = '/api/v1/dubbing'

beforeAll(async () => {
  api = await startSynthesisTestApi({ runJobs: false })
  api.queue.register(dubbingJobs({ database: api.database, storage: api.storage, queue: api.queue }))
  token = await api.token('dub-user')
  await api.setBalance('dub-user', 1000, 'aidubbing')
})
afterAll(() => api?.close())

const call = (
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
  bearer = token,
) => api.call({ method, url: `${base}${url}`, token: bearer, ...(payload ? { payload } : {}) })

const createProject = async (subtitle = SRT) => {
  // "LAN:" is said once: it names a speaker because the project lists Lan.
  const res = await call('POST', '/projects', { name: 'Tập 1', subtitle_text: subtitle, speakers: ['Lan'] })
  expect(res.statusCode).toBe(200)
  return res.json().result as {
    id: string
    lines: { id: string; speaker: string | null; speech: string; text: string }[]
    speakers: { name: string; voice_code: string }[]
  }
}

const waitRender = async (id: string) => {
  for (let i = 0; i < 600; i++) {
    const r = (await call('GET', `/renders/${id}`)).json().result
    if (r.status !== 'IN_PROGRESS') return r
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error('render did not finish')
}

describe('dubbing projects', () => {
  it('creates a project from an SRT with its speakers; reads, renames, duplicates, lists and deletes it', async () => {
    const p = await createProject()
    expect(p.lines.map((l) => l.speaker)).toEqual(['Lan', 'Minh'])
    expect(p.lines[1]!.speech).toBe('Chào em, lâu rồi không gặp.')
    expect(p.lines[1]!.text).toContain('<i>lâu rồi</i>')
    expect(p.speakers.map((s) => s.name)).toEqual(['Lan', 'Minh'])
    expect((await call('PATCH', `/projects/${p.id}`, { name: 'Tập 1 — cuối' })).json().result.name).toBe(
      'Tập 1 — cuối',
    )
    const copy = (await call('POST', `/projects/${p.id}/duplicate`)).json().result
    expect(copy.name).toBe('Tập 1 — cuối (2)')
    expect((await call('GET', `/projects/${copy.id}`)).json().result.lines).toHaveLength(2)
    const list = (await call('GET', '/projects')).json().result.items.map((x: { id: string }) => x.id)
    expect(list).toEqual(expect.arrayContaining([p.id, copy.id]))
    const other = await api.token('someone-else')
    expect((await call('GET', `/projects/${p.id}`, undefined, other)).json().error_code).toBe(
      'DUBBING_PROJECT_NOT_FOUND',
    )
    expect((await call('DELETE', `/projects/${copy.id}`)).statusCode).toBe(200)
    expect((await call('GET', `/projects/${copy.id}`)).statusCode).toBe(404)
  })

  it('rejects a bad subtitle file with a coded error and its line number, creating nothing', async () => {
    const before = (await call('GET', '/projects')).json().result.items.length
    const res = await call('POST', '/projects', { subtitle_text: '1\n00:00:01,000 --> 00:00:0x,000\nSai\n' })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({ status: 0, error_code: 'DUBBING_BAD_TIMESTAMP', details: { line: 2 } })
    expect((await call('GET', '/projects')).json().result.items.length).toBe(before)
  })

  it('takes a subtitle file through the signed upload', async () => {
    const slot = (await call('GET', '/upload-url?extension=srt&size=200')).json().result
    const put = await api.app.inject({
      method: 'PUT',
      url: new URL(slot.url).pathname + new URL(slot.url).search,
      headers: slot.headers,
      payload: SRT,
    })
    expect(put.statusCode).toBeLessThan(300)
    const res = await call('POST', '/projects', { subtitle_key: slot.key })
    expect(res.json().result.lines).toHaveLength(2)
    expect((await call('GET', '/upload-url?extension=exe')).json().error_code).toBe('UNSUPPORTED_FILE_TYPE')
  })

  it('edits a line and a speaker; only dubbing voices are accepted', async () => {
    const p = await createProject()
    const line = p.lines[0]!
    expect(
      (await call('PATCH', `/projects/${p.id}/lines/${line.id}`, { text: 'LAN: Chào anh nhé.' })).statusCode,
    ).toBe(200)
    expect(
      (await call('PATCH', `/projects/${p.id}/lines/${line.id}`, { start_ms: 5000, end_ms: 4000 })).json()
        .error_code,
    ).toBe('DUBBING_BAD_TIMESTAMP')
    const ok = await call('PUT', `/projects/${p.id}/speakers/Minh`, {
      voice_code: 'sg_male_hoangphuc_film',
      speed: 1.1,
    })
    expect(ok.json().result).toMatchObject({ name: 'Minh', voice_code: 'sg_male_hoangphuc_film', speed: 1.1 })
    const no = await call('PUT', `/projects/${p.id}/speakers/Minh`, { voice_code: 'hn_female_ngocanh_book' })
    expect(no.json().error_code).toBe('DUBBING_VOICE_NOT_AVAILABLE')
    const detail = (await call('GET', `/projects/${p.id}`)).json().result
    expect(detail.lines[0].speech).toBe('Chào anh nhé.')
  })

  it('previews one line as MP3', async () => {
    const p = await createProject()
    const res = await call('POST', `/projects/${p.id}/lines/${p.lines[0]!.id}/preview`)
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('audio/mpeg')
    expect(res.rawPayload.length).toBeGreaterThan(1000)
    expect(JSON.parse(String(res.headers['x-dubbing-fit'])).action).toMatch(/fit|speed|borrow|stretch|clamp/)
  })
})

describe('dubbing OpenAPI', () => {
  it('documents the dubbing endpoints with examples', async () => {
    const doc = (
      await api.call({
        method: 'GET',
        url: '/api/v1/admin/openapi.json',
        token: await api.token('operator', { roles: ['admin'] }),
      })
    ).json()
    const create = doc.paths['/api/v1/dubbing/projects'].post
    expect(JSON.stringify(create.requestBody)).toContain('Xin chào')
    expect(doc.paths['/api/v1/dubbing'].post).toBeDefined()
    expect(doc.paths['/api/v1/dubbing/renders/{id}/events'].get).toBeDefined()
  })
})

describe('dubbing renders and credits', () => {
  it('cancels a waiting render and releases its credits; 402 without enough credits', async () => {
    const p = await createProject()
    const before = await api.balance('dub-user', 'aidubbing')
    const r = (await call('POST', `/projects/${p.id}/render`)).json().result
    expect(r.status).toBe('IN_PROGRESS')
    // Issue 28: dubbing is charged in seconds of dubbed timeline — 0.5 s to 5.0 s is 4.5 s, so 5.
    expect(r.seconds).toBe(5)
    expect(await api.balance('dub-user', 'aidubbing')).toBe(before - 5)
    const cancelled = (await call('DELETE', `/renders/${r.id}`)).json().result
    expect(cancelled.status).toBe('CANCELLED')
    expect(await api.balance('dub-user', 'aidubbing')).toBe(before)
    const poor = await api.token('poor-user')
    await api.setBalance('poor-user', 3, 'aidubbing')
    const mine = (await call('POST', '/projects', { subtitle_text: SRT }, poor)).json().result
    const res = await call('POST', `/projects/${mine.id}/render`, undefined, poor)
    expect(res.statusCode).toBe(402)
    expect(res.json().error_code).toBe('INSUFFICIENT_CREDITS')
  })

  it('renders on the queue, charges the seconds once, serves the files; a failed render releases', async () => {
    await api.startJobs(1)
    const p = await createProject()
    const before = await api.balance('dub-user', 'aidubbing')
    const started = (await call('POST', `/projects/${p.id}/render`)).json().result
    expect(started.characters).toBe([...'Xin chào anh.'].length + [...'Chào em, lâu rồi không gặp.'].length)
    const done = await waitRender(started.id)
    expect(done).toMatchObject({ status: 'SUCCESS', progress: 100, summary: { lines: 2, flagged: 0 } })
    expect(done.files).toEqual(
      expect.arrayContaining(['track_mp3', 'track_wav', 'srt', 'vtt', 'report_json', 'report_csv']),
    )
    expect(started.seconds).toBe(5)
    expect(await api.balance('dub-user', 'aidubbing')).toBe(before - 5)
    const events = await api.app.inject({
      method: 'GET',
      url: `${base}/renders/${started.id}/events?access_token=${token}`,
    })
    expect(events.headers['content-type']).toContain('text/event-stream')
    expect(events.body).toMatch(/event: done\nid: 100\ndata: \{.*"status":"SUCCESS"/)
    const link = (await call('GET', `/renders/${started.id}/download?file=srt`)).json().result
    const srt = await api.app.inject({
      method: 'GET',
      url: new URL(link.url).pathname + new URL(link.url).search,
    })
    const cues = parseSubtitles(srt.body).cues
    expect(cues.map((c) => c.startMs)).toEqual([500, 3000])
    expect(cues[1]!.text).toBe('Chào em, lâu rồi không gặp.') // published subtitles: the words only
    const noMix = await call('GET', `/renders/${started.id}/download?file=mix_mp3`)
    expect(noMix.json().error_code).toBe('DUBBING_NO_MEDIA')
    const detail = (await call('GET', `/projects/${p.id}`)).json().result
    expect(detail.lines[0].fit.action).toBe('fit')
    expect(detail.last_render.id).toBe(started.id)
    // One line regenerated: only its span (0.5 s → 2.5 s) is charged.
    const again = (await call('POST', `/projects/${p.id}/lines/${p.lines[0]!.id}/regenerate`)).json().result
    expect(again.characters).toBe([...'Xin chào anh.'].length)
    expect(again.seconds).toBe(2)
    expect((await waitRender(again.id)).status).toBe('SUCCESS')
    expect(await api.balance('dub-user', 'aidubbing')).toBe(before - 5 - 2)

    await api.database.db
      .update(t.dubbingProjects)
      .set({ voiceCode: 'no-such-voice' })
      .where(eq(t.dubbingProjects.id, p.id))
    await api.database.db.delete(t.dubbingSpeakers).where(eq(t.dubbingSpeakers.projectId, p.id))
    const beforeFail = await api.balance('dub-user', 'aidubbing')
    const failing = (await call('POST', `/projects/${p.id}/render`)).json().result
    const failed = await waitRender(failing.id)
    expect(failed).toMatchObject({ status: 'FAILURE', error_code: 'TTS_UNKNOWN_VOICE' })
    expect(await api.balance('dub-user', 'aidubbing')).toBe(beforeFail)
    expect(
      (await call('PATCH', `/projects/${p.id}`, { voice_code: 'hn_female_thuha_news' })).statusCode,
    ).toBe(200)
  })
})

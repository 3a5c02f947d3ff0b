/**
 * Developer API audio from birth to deletion: raw PCM output, signed links that stop working after
 * TTS_V1_LINK_TTL_SECONDS (2 s here), and the retention sweep (API_AUDIO_RETENTION_DAYS = 1 here, run directly
 * with a clock, and by the api's timer).
 */
import { app as t } from '@loa/db'
import { sweepExpiredAudio } from '@loa/synthesis'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { callbackReceiver, startSynthesisTestApi, type SynthesisTestApi } from '../synthesis/test-setup.ts'

const DAY_MS = 86_400_000
let api: SynthesisTestApi
const receiver = callbackReceiver()
let webhookUrl: string

beforeAll(async () => {
  api = await startSynthesisTestApi({
    env: {
      CALLBACK_ALLOW_HOSTS: '127.0.0.1',
      TTS_V1_LINK_TTL_SECONDS: '2',
      API_AUDIO_RETENTION_DAYS: '1',
      // The api's own timer runs too (every 300 ms); nothing is due for it until a test moves a row's date.
      API_AUDIO_RETENTION_SWEEP_MS: '300',
    },
  })
  webhookUrl = await receiver.listen()
}, 240_000)
afterAll(async () => {
  receiver.close()
  await api?.close()
})

/** A user with API credits and one app: its token headers (v1 and old shape). */
const newApp = async (sub: string) => {
  await api.setBalance(sub, 10_000, 'aivoiceapi')
  const res = await api.call({
    method: 'POST',
    url: '/api/v1/api-apps',
    token: await api.token(sub),
    payload: { name: 'Ứng dụng lưu trữ' },
  })
  expect(res.statusCode, res.body).toBe(200)
  const { app, token } = res.json().result as { app: { app_id: string }; token: string }
  return { appId: app.app_id, headers: { authorization: `Bearer ${token}`, 'app-id': app.app_id } }
}

const post = (headers: Record<string, string>, payload: Record<string, unknown>) =>
  api.call({ method: 'POST', url: '/v1/tts', headers, payload })
const poll = async (headers: Record<string, string>, id: string) =>
  (await api.call({ method: 'GET', url: `/v1/tts/requests/${id}`, headers })).json()
const fetchLink = (link: string) => {
  const u = new URL(link)
  return api.call({ method: 'GET', url: u.pathname + u.search })
}
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

const waitUntil = async <T>(read: () => Promise<T>, done: (v: T) => boolean, what: string): Promise<T> => {
  const until = Date.now() + 60_000
  for (;;) {
    const value = await read()
    if (done(value)) return value
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`)
    await sleep(100)
  }
}

/** The bytes of a RIFF/WAVE file's `data` chunk, found by walking its chunks. */
const dataChunk = (wav: Buffer): Buffer => {
  expect(wav.subarray(0, 4).toString()).toBe('RIFF')
  for (let at = 12; at + 8 <= wav.length;) {
    const size = wav.readUInt32LE(at + 4)
    if (wav.subarray(at, at + 4).toString() === 'data') return wav.subarray(at + 8, at + 8 + size)
    at += 8 + size + (size % 2)
  }
  throw new Error('no data chunk')
}

/** A request in the old shape (`POST /api/v1/tts`), polled with `GET /api/v1/tts/{id}` until final. */
const oldShape = async (headers: Record<string, string>, payload: Record<string, unknown>) => {
  const auth = { authorization: headers.authorization! }
  const created = await api.call({ method: 'POST', url: '/api/v1/tts', headers: auth, payload })
  expect(created.statusCode, created.body).toBe(200)
  const id = created.json().result.request_id as string
  const status = await waitUntil(
    async () => (await api.call({ method: 'GET', url: `/api/v1/tts/${id}`, headers: auth })).json().result,
    (r) => r.status !== 'IN_PROGRESS',
    'the old-shape request',
  )
  return { id, status }
}

const rowOf = async (id: string) =>
  (await api.database.db.select().from(t.synthesisRequests).where(eq(t.synthesisRequests.id, id)))[0]!

describe('outputFormat pcm', () => {
  it('serves the WAV samples without a header, at the request rate, and reports the format', async () => {
    const { headers } = await newApp('pcm-user')
    const text = 'Âm thanh thô cho tổng đài.'
    const wav = await post(headers, { text, mode: 'sync', outputFormat: 'wav', sampleRate: 16000 })
    const pcm = await post(headers, { text, mode: 'sync', outputFormat: 'pcm', sampleRate: 16000 })
    expect([wav.statusCode, pcm.statusCode], pcm.body).toEqual([200, 200])
    expect(pcm.json()).toMatchObject({ status: 'SUCCESS', outputFormat: 'pcm', sampleRate: 16000 })
    const wavBytes = (await fetchLink(wav.json().audioLink)).rawPayload
    const pcmFile = await fetchLink(pcm.json().audioLink)
    expect(pcmFile.statusCode).toBe(200)
    expect(pcmFile.headers['content-type']).toBe('application/octet-stream')
    expect(pcmFile.headers['content-disposition']).toContain('.pcm')
    expect(wavBytes.readUInt32LE(24)).toBe(16000) // the WAV's rate: the PCM is at the request's rate too
    const samples = dataChunk(wavBytes)
    expect(samples.length).toBeGreaterThan(16000) // over half a second of 16-bit samples
    expect(pcmFile.rawPayload.subarray(0, 4).toString()).not.toBe('RIFF')
    expect(Buffer.compare(pcmFile.rawPayload, samples)).toBe(0)
  }, 120_000)

  it('reports pcm in the webhook (v1) and on the old shape (audio_type pcm, and its webhook)', async () => {
    const { appId, headers } = await newApp('pcm-hook')
    const res = await post(headers, { text: 'Tin nhắn thoại.', outputFormat: 'pcm', webhookUrl })
    expect(res.statusCode, res.body).toBe(202)
    const id = res.json().requestId
    const delivery = await waitUntil(
      async () => receiver.received.find((r) => r.body.includes(id)),
      Boolean,
      'the webhook',
    )
    expect(JSON.parse(delivery!.body)).toMatchObject({
      requestId: id,
      status: 'SUCCESS',
      outputFormat: 'pcm',
    })
    expect(JSON.parse(delivery!.body).audioLink).toContain('.pcm')

    const { id: oldId, status } = await oldShape(headers, {
      app_id: appId,
      callback_url: webhookUrl,
      input_text: 'Xin chào.',
      voice_code: 'hn_female_thuha_news',
      audio_type: 'pcm',
      sample_rate: 8000,
    })
    expect(status).toMatchObject({ status: 'SUCCESS', audio_type: 'pcm', sample_rate: 8000 })
    // A request of the old shape keeps the old (snake_case) callback body.
    const oldHook = await waitUntil(
      async () => receiver.received.find((r) => r.body.includes(oldId)),
      Boolean,
      'the old callback',
    )
    expect(JSON.parse(oldHook!.body)).toMatchObject({
      request_id: oldId,
      audio_type: 'pcm',
      status: 'SUCCESS',
    })
    expect(JSON.parse(oldHook!.body)).not.toHaveProperty('requestId')
    const file = await fetchLink(status.audio_link)
    expect(file.rawPayload.length % 2).toBe(0)
    expect(file.rawPayload.subarray(0, 4).toString()).not.toBe('RIFF')
    // The stream renders raw PCM too (issue 30): no WAV header, whole 16-bit samples.
    const stream = await api.call({
      method: 'POST',
      url: '/api/v1/tts/stream',
      headers: { authorization: headers.authorization },
      payload: { input_text: 'Xin chào.', audio_type: 'pcm', voice_code: 'hn_female_thuha_news' },
    })
    expect(stream.statusCode, stream.body.slice(0, 200)).toBe(200)
    expect(stream.rawPayload.length).toBeGreaterThan(0)
    expect(stream.rawPayload.length % 2).toBe(0)
    expect(stream.rawPayload.subarray(0, 4).toString()).not.toBe('RIFF')
  }, 120_000)
})

describe('signed links expire', () => {
  it('an audio link works until TTS_V1_LINK_TTL_SECONDS passed, then answers FILE_URL_EXPIRED; a new poll signs again', async () => {
    const { headers } = await newApp('ttl-user')
    const res = await post(headers, { text: 'Đường dẫn ngắn hạn.', mode: 'sync' })
    expect(res.statusCode, res.body).toBe(200)
    const id = res.json().requestId
    const body = await poll(headers, id)
    const link = body.audioLink as string
    expect((await fetchLink(link)).statusCode).toBe(200)
    const expires = Number(new URL(link).searchParams.get('exp')) * 1000
    expect(expires - Date.now()).toBeLessThanOrEqual(2_000)
    expect(new Date(body.linkExpiresAt).getTime() - Date.now()).toBeLessThanOrEqual(2_000)
    await sleep(Math.max(0, expires - Date.now()) + 50)
    const stale = await fetchLink(link)
    expect([stale.statusCode, stale.json().error_code]).toEqual([403, 'FILE_URL_EXPIRED'])
    const srt = await fetchLink(body.timeline.srt)
    expect(srt.json().error_code).toBe('FILE_URL_EXPIRED')
    expect((await fetchLink((await poll(headers, id)).audioLink)).statusCode).toBe(200)
  }, 120_000)
})

describe('audio retention', () => {
  it('stamps API requests of both shapes, deletes their files after retain_until, and says so everywhere', async () => {
    const { appId, headers } = await newApp('keep-user')
    const before = Date.now()
    const v1 = await post(headers, { text: 'Giữ ba ngày rồi xoá.', mode: 'sync' })
    expect(v1.statusCode, v1.body).toBe(200)
    const v1Id = v1.json().requestId
    const retainUntil = new Date(v1.json().retainUntil).getTime()
    expect(retainUntil).toBeGreaterThanOrEqual(before + DAY_MS)
    expect(retainUntil).toBeLessThanOrEqual(Date.now() + DAY_MS)
    const { id: oldId, status: oldStatus } = await oldShape(headers, {
      app_id: appId,
      input_text: 'Kiểu cũ cũng được giữ có hạn.',
      voice_code: 'hn_female_thuha_news',
    })
    expect(oldStatus.status).toBe('SUCCESS')
    const oldUrl = `/api/v1/tts/${oldId}`
    expect((await rowOf(oldId)).retainUntil!.getTime()).toBeGreaterThanOrEqual(before + DAY_MS)
    // A studio request is kept until its owner deletes it.
    await api.setBalance('keep-user', 1_000)
    const token = await api.token('keep-user')
    const studio = await api.call({
      method: 'POST',
      url: '/api/v1/synthesis',
      token,
      payload: { text: 'Bản của phòng thu.', voice_code: 'hn_female_thuha_news' },
    })
    const studioId = studio.json().result.request_id as string
    const studioDone = await api.waitFinal(token, studioId)
    expect((await rowOf(studioId)).retainUntil).toBeNull()

    // Nothing is due yet; then, a day later, the sweep takes at most `limit` per run.
    const deps = { database: api.database, storage: api.storage }
    expect((await sweepExpiredAudio(deps)).deleted).toBe(0)
    const later = new Date(Date.now() + DAY_MS + 60_000)
    const first = await sweepExpiredAudio(deps, { now: later, limit: 1 })
    expect(first).toMatchObject({ deleted: 1, more: true, failed: [] })
    const rest = await sweepExpiredAudio(deps, { now: later })
    expect(rest.deleted).toBeGreaterThanOrEqual(1)
    expect(await sweepExpiredAudio(deps, { now: later })).toMatchObject({ deleted: 0, more: false })

    for (const id of [v1Id, oldId]) {
      const row = await rowOf(id)
      expect(row.audioDeletedAt?.toISOString()).toBe(later.toISOString())
      expect(await api.storage.exists(row.audioKey!)).toBe(false)
      expect(await api.storage.exists(row.timelineKey!)).toBe(false)
    }
    expect((await rowOf(studioId)).audioDeletedAt).toBeNull()
    expect((await fetchLink(studioDone.audio_link as string)).statusCode).toBe(200)

    // v1 poll: the request, no links, and the marker.
    expect(await poll(headers, v1Id)).toMatchObject({
      status: 'SUCCESS',
      audioLink: null,
      linkExpiresAt: null,
      timeline: null,
      audioDeleted: true,
      audioDeletedAt: later.toISOString(),
      errorCode: 'TTS_AUDIO_EXPIRED',
    })
    // Old shape, a link signed before the sweep, and the studio download: 410 TTS_AUDIO_EXPIRED.
    const gone = await api.call({ method: 'GET', url: oldUrl, headers })
    expect([gone.statusCode, gone.json().error_code]).toEqual([410, 'TTS_AUDIO_EXPIRED'])
    expect(gone.json().details).toMatchObject({ request_id: oldId, audio_deleted_at: later.toISOString() })
    const link = await fetchLink(oldStatus.audio_link)
    expect([link.statusCode, link.json().error_code]).toEqual([410, 'TTS_AUDIO_EXPIRED'])
    for (const format of ['mp3', 'wav', 'srt']) {
      const download = await api.call({
        method: 'GET',
        url: `/api/v1/synthesis/${oldId}/download?format=${format}`,
        token,
      })
      expect([download.statusCode, download.json().error_code]).toEqual([410, 'TTS_AUDIO_EXPIRED'])
    }
    // Nothing was written again by those calls.
    expect(await api.storage.exists((await rowOf(oldId)).audioKey!)).toBe(false)
  }, 180_000)
})

describe('the api runs the sweep on its own', () => {
  it('deletes the files of a request once its retain_until has passed (API_AUDIO_RETENTION_SWEEP_MS)', async () => {
    const { headers } = await newApp('timer-user')
    const res = await post(headers, { text: 'Hết hạn lưu trữ.', mode: 'sync' })
    expect(res.statusCode, res.body).toBe(200)
    const id = res.json().requestId
    await sleep(700)
    expect((await rowOf(id)).audioDeletedAt).toBeNull() // not due: kept
    await api.database.db
      .update(t.synthesisRequests)
      .set({ retainUntil: new Date(Date.now() - 60_000) })
      .where(eq(t.synthesisRequests.id, id))
    const row = await waitUntil(
      () => rowOf(id),
      (r) => r.audioDeletedAt !== null,
      'the timer sweep',
    )
    expect(await api.storage.exists(row.audioKey!)).toBe(false)
    expect((await poll(headers, id)).audioDeleted).toBe(true)
  }, 120_000)
})

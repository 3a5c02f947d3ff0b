import { verifySignature } from '@loa/synthesis'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { callbackReceiver, startSynthesisTestApi, type SynthesisTestApi } from '../synthesis/test-setup.ts'
import { V1_SYNC_MAX_CHARACTERS } from './wire.ts'

let api: SynthesisTestApi
const receiver = callbackReceiver()
let webhookUrl: string

beforeAll(async () => {
  api = await startSynthesisTestApi({
    env: { CALLBACK_ALLOW_HOSTS: '127.0.0.1', TTS_APP_MAX_CONCURRENT: '1', TTS_V1_LINK_TTL_SECONDS: '120' },
    runJobs: false,
  })
  webhookUrl = await receiver.listen()
}, 240_000)
afterAll(async () => {
  receiver.close()
  await api?.close()
})

/** A user with `credits` in the API wallet and one app: its id and token. */
const newApp = async (sub: string, credits: number) => {
  await api.setBalance(sub, credits, 'aivoiceapi')
  const res = await api.call({
    method: 'POST',
    url: '/api/v1/api-apps',
    token: await api.token(sub),
    payload: { name: 'Ứng dụng v1' },
  })
  expect(res.statusCode, res.body).toBe(200)
  const { app, token } = res.json().result as {
    app: { app_id: string; callback_secret: string }
    token: string
  }
  return {
    appId: app.app_id,
    secret: app.callback_secret,
    headers: { authorization: `Bearer ${token}`, 'app-id': app.app_id },
  }
}

const post = (headers: Record<string, string>, payload: Record<string, unknown>) =>
  api.call({ method: 'POST', url: '/v1/tts', headers, payload })
const poll = (headers: Record<string, string>, id: string) =>
  api.call({ method: 'GET', url: `/v1/tts/requests/${id}`, headers })

const waitDone = async (headers: Record<string, string>, id: string) => {
  const until = Date.now() + 60_000
  for (;;) {
    const body = (await poll(headers, id)).json()
    if (body.status !== 'IN_PROGRESS') return body
    if (Date.now() > until) throw new Error(`${id} still IN_PROGRESS`)
    await new Promise((r) => setTimeout(r, 100))
  }
}

describe('POST /v1/tts and GET /v1/tts/requests/{id}', () => {
  it('answers 429 TTS_CCR_MAX_LIMIT_REACHED while the app already runs its maximum (1 in this suite)', async () => {
    // No worker runs yet, so the first request stays IN_PROGRESS until the jobs start below.
    const { headers } = await newApp('v1-limit', 10_000)
    const first = await post(headers, { text: 'Yêu cầu thứ nhất.', mode: 'async' })
    expect(first.statusCode, first.body).toBe(202)
    const second = await post(headers, { text: 'Yêu cầu thứ hai.', mode: 'async' })
    expect(second.statusCode).toBe(429)
    expect(second.json()).toEqual({
      error: {
        code: 'TTS_CCR_MAX_LIMIT_REACHED',
        message: expect.stringContaining('at once'),
        details: { max_concurrent: 1 },
      },
    })
    expect(second.headers['retry-after']).toBe('5')
    await api.startJobs()
    expect((await waitDone(headers, first.json().requestId)).status).toBe('SUCCESS')
    expect((await post(headers, { text: 'Yêu cầu thứ hai.', mode: 'async' })).statusCode).toBe(202)
  }, 90_000)

  it('sync: answers the finished request with working audio and timeline links, charged to aivoiceapi', async () => {
    const { headers } = await newApp('v1-sync', 1_000)
    const res = await post(headers, { text: 'Xin chào Việt Nam.', mode: 'sync', outputFormat: 'wav' })
    expect(res.statusCode, res.body).toBe(200)
    const body = res.json()
    expect(body).toMatchObject({ status: 'SUCCESS', progress: 100, outputFormat: 'wav', errorCode: null })
    expect(body.charactersCharged).toBe(body.characters)
    expect(await api.balance('v1-sync', 'aivoiceapi')).toBe(1_000 - body.characters)
    expect(await api.balance('v1-sync', 'aivoice')).toBeGreaterThan(0) // the studio wallet is untouched
    const audioLink = new URL(body.audioLink)
    const audio = await api.call({ method: 'GET', url: audioLink.pathname + audioLink.search })
    expect(audio.statusCode).toBe(200)
    expect(audio.rawPayload.subarray(0, 4).toString()).toBe('RIFF')
    const srtLink = new URL(body.timeline.srt)
    const srt = await api.call({ method: 'GET', url: srtLink.pathname + srtLink.search })
    expect(srt.body).toContain('-->')
    // Links live TTS_V1_LINK_TTL_SECONDS (120 s in this suite), not the studio's hour.
    const ttl = new Date(body.linkExpiresAt).getTime() - Date.now()
    expect(ttl).toBeLessThanOrEqual(120_000)
    expect(ttl).toBeGreaterThan(60_000)
  }, 90_000)

  it('async: answers 202 with the request id, polls to SUCCESS and POSTs the signed webhook', async () => {
    const { headers, secret } = await newApp('v1-async', 1_000)
    const res = await post(headers, { text: 'Bản tin sáng nay có ba tin chính.', mode: 'async', webhookUrl })
    expect(res.statusCode, res.body).toBe(202)
    const { requestId, status } = res.json()
    expect(status).toBe('IN_PROGRESS')
    const done = await waitDone(headers, requestId)
    expect(done).toMatchObject({ requestId, status: 'SUCCESS', outputFormat: 'mp3' })
    expect(done.audioLink).toMatch(/^http/)
    expect(done.timeline.words).toMatch(/timeline\.json/)
    const until = Date.now() + 20_000
    while (!receiver.received.some((r) => r.body.includes(requestId)) && Date.now() < until)
      await new Promise((r) => setTimeout(r, 100))
    const delivery = receiver.received.find((r) => r.body.includes(requestId))
    expect(delivery, 'webhook delivered').toBeDefined()
    // The v1 webhook body is the request as the poll answers it (camelCase), with links valid a day.
    const hook = JSON.parse(delivery!.body)
    expect(hook).toMatchObject({ requestId, status: 'SUCCESS', outputFormat: 'mp3', audioDeleted: false })
    expect(hook).not.toHaveProperty('request_id')
    expect(Object.keys(hook).sort()).toEqual(Object.keys(done).sort())
    expect(new Date(hook.linkExpiresAt).getTime() - Date.now()).toBeGreaterThan(23 * 3_600_000)
    const audio = new URL(hook.audioLink)
    expect((await api.call({ method: 'GET', url: audio.pathname + audio.search })).statusCode).toBe(200)
    expect(verifySignature(secret, delivery!.body, delivery!.signature, Date.now() / 1000)).toBe(true)
  }, 90_000)

  it('refuses a sync text over the limit with a coded error naming it, in the v1 error shape', async () => {
    const { headers } = await newApp('v1-long', 10_000)
    const res = await post(headers, { text: 'a'.repeat(V1_SYNC_MAX_CHARACTERS + 1), mode: 'sync' })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toEqual({
      error: {
        code: 'TTS_SYNC_TEXT_TOO_LONG',
        message: expect.stringContaining(String(V1_SYNC_MAX_CHARACTERS)),
        details: { max_characters: V1_SYNC_MAX_CHARACTERS, characters: V1_SYNC_MAX_CHARACTERS + 1 },
      },
    })
  })

  it('answers auth and validation errors as { error: { code, message } }', async () => {
    const { headers, appId } = await newApp('v1-errors', 1_000)
    const noToken = await post({ 'app-id': appId }, { text: 'Xin chào.' })
    expect(noToken.statusCode).toBe(401)
    expect(noToken.json().error.code).toBe('APP_TOKEN_INVALID')
    const noAppId = await post({ authorization: headers.authorization }, { text: 'Xin chào.' })
    expect(noAppId.json()).toMatchObject({ error: { code: 'APP_ID_REQUIRED' } })
    const other = await newApp('v1-errors-other', 1_000)
    const mismatch = await post({ ...headers, 'app-id': other.appId }, { text: 'Xin chào.' })
    expect([mismatch.statusCode, mismatch.json().error.code]).toEqual([403, 'APP_ID_MISMATCH'])
    const speed = await post(headers, { text: 'Xin chào.', speed: 2.5 })
    expect([speed.statusCode, speed.json().error.code]).toEqual([400, 'VALIDATION_FAILED'])
    const missing = await poll(headers, '00000000-0000-4000-8000-000000000000')
    expect([missing.statusCode, missing.json().error.code]).toEqual([404, 'SYNTHESIS_NOT_FOUND'])
    expect(missing.json()).not.toHaveProperty('status')
  })
})

describe('GET /v1/voices', () => {
  it('lists the active voices publicly, in the v1 shape with region-style codes', async () => {
    const res = await api.call({ method: 'GET', url: '/v1/voices?region=NORTH' })
    expect(res.statusCode, res.body).toBe(200)
    const { total, voices } = res.json()
    expect(total).toBe(voices.length)
    expect(voices.length).toBeGreaterThan(0)
    for (const v of voices) expect(v.region).toBe('NORTH')
    expect(voices[0]).toHaveProperty('languageCode')
    expect(voices.some((v: { code: string }) => /^hn_/.test(v.code))).toBe(true)
    const bad = await api.call({ method: 'GET', url: '/v1/voices?gender=robot' })
    expect([bad.statusCode, bad.json().error.code]).toEqual([400, 'VALIDATION_FAILED'])
  })
})

describe('OpenAPI', () => {
  it('documents every v1 operation with an example and the v1 error shape', async () => {
    const doc = (
      await api.call({
        method: 'GET',
        url: '/api/v1/admin/openapi.json',
        token: await api.token('operator', { roles: ['admin'] }),
      })
    ).json()
    const ops = [
      doc.paths['/v1/tts'].post,
      doc.paths['/v1/tts/requests/{requestId}'].get,
      doc.paths['/v1/voices'].get,
    ]
    for (const op of ops) {
      expect(op.tags).toEqual(['developer-api-v1'])
      expect(JSON.stringify(op.responses['200'])).toContain('"example"')
      expect(JSON.stringify(op.responses['400'])).toContain('"error"')
    }
    expect(JSON.stringify(doc.paths['/v1/tts'].post.requestBody)).toContain('"example"')
    expect(doc.paths['/v1/tts'].post.security).toEqual([{ appToken: [] }])
    expect(JSON.stringify(doc.paths['/v1/tts'].post.requestBody)).toContain('"pcm"')
    // The poll documents the answer once the retention sweep deleted the audio, as a second example.
    const polled = JSON.stringify(doc.paths['/v1/tts/requests/{requestId}'].get.responses['200'])
    expect(polled).toContain('"audioDeleted":true')
    expect(polled).toContain('"errorCode":"TTS_AUDIO_EXPIRED"')
    // The webhook, as an OpenAPI callback whose body has the poll's example.
    const webhook = doc.paths['/v1/tts'].post.callbacks.requestFinished['{$request.body#/webhookUrl}'].post
    expect(JSON.stringify(webhook.requestBody)).toContain('"requestId"')
    expect(JSON.stringify(webhook.requestBody)).toContain('"example"')
  })
})

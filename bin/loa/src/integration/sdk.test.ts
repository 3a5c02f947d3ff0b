/**
 * The SDK (@loa-voice/sdk) against the running product: `loa serve all` on free ports, a developer signed up through
 * the SSO with an API app, and every SDK call made over real HTTP / WebSocket — sync and async synthesis with
 * polling, a webhook verified with `verifyWebhook`, idempotent retries, typed errors, the Vbee shape, voices,
 * the OpenAI-compatible speech, both streams, a dubbing job and a call-prompt job.
 */
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { WebSocket } from 'ws'
import { Loa, LoaApiError, verifyWebhook, type TtsRequest, type WebSocketLike } from '@loa-voice/sdk'
import { createDeveloperApp, startProduct, type DeveloperApp, type Product } from './product.ts'

let product: Product
let app: DeveloperApp
let loa: Loa
let voice: string
const hooks: { body: string; headers: Record<string, string | string[] | undefined> }[] = []
const receiver: Server = createServer((req, res) => {
  let body = ''
  req.on('data', (c: Buffer) => (body += c.toString()))
  req.on('end', () => {
    hooks.push({ body, headers: req.headers })
    res.end('ok')
  })
})
let webhookUrl: string

beforeAll(async () => {
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r))
  webhookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`
  product = await startProduct({ ...process.env, CALLBACK_ALLOW_HOSTS: '127.0.0.1' })
  app = await createDeveloperApp(product, { name: 'SDK', callback_url: webhookUrl })
  loa = new Loa({
    baseUrl: product.apiUrl,
    token: app.token,
    appId: app.appId,
    WebSocket: WebSocket as unknown as WebSocketLike,
  })
  voice = (await loa.voices.list()).voices[0]!.code
}, 300_000)

afterAll(async () => {
  receiver.close()
  await product?.stop()
})

const isAudio = (bytes: Uint8Array) => {
  const head = new TextDecoder('latin1').decode(bytes.subarray(0, 4))
  return head === 'RIFF' || head.startsWith('ID3') || (bytes[0] === 0xff && (bytes[1]! & 0xe0) === 0xe0)
}
const download = async (url: string) => new Uint8Array(await (await fetch(url)).arrayBuffer())

describe('@loa-voice/sdk against `loa serve all`', () => {
  it('lists voices, then synthesizes sync (audio link works) and async (polled, webhook verified)', async () => {
    const { voices } = await loa.voices.list()
    expect(voices.length).toBeGreaterThan(0)
    const sync = await loa.tts.create({
      text: 'Xin chào, đây là Loa.',
      mode: 'sync',
      voiceCode: voices[0]!.code,
    })
    expect(sync.status).toBe('SUCCESS')
    expect(isAudio(await download(sync.audioLink!))).toBe(true)

    const done = await loa.tts.createAndWait(
      { text: 'Bản tin sáng nay có ba tin chính.' },
      { intervalMs: 200 },
    )
    expect(done).toMatchObject({ status: 'SUCCESS', charactersCharged: expect.any(Number) })
    for (let i = 0; i < 300 && !hooks.some((h) => h.body.includes(done.requestId)); i++)
      await new Promise((r) => setTimeout(r, 100))
    const hook = hooks.find((h) => h.body.includes(done.requestId))!
    const event = await verifyWebhook<TtsRequest>(hook.body, hook.headers, app.callbackSecret, {
      toleranceSeconds: 300,
    })
    expect(event).toMatchObject({ requestId: done.requestId, status: 'SUCCESS' })
    await expect(verifyWebhook(hook.body, hook.headers, 'another-secret')).rejects.toThrow(/does not match/)
  }, 120_000)

  it('a create repeated with its Idempotency-Key is one request; errors are typed with code and status', async () => {
    const body = { text: 'Một lần thôi.' }
    const first = await loa.tts.create(body, { idempotencyKey: 'sdk-once-1' })
    const again = await loa.tts.create(body, { idempotencyKey: 'sdk-once-1' })
    expect(again.requestId).toBe(first.requestId)
    const reused = await loa.tts.create({ text: 'Khác.' }, { idempotencyKey: 'sdk-once-1' }).catch((e) => e)
    expect(reused).toBeInstanceOf(LoaApiError)
    expect(reused).toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED', status: 409 })
    const tooLong = await loa.tts.create({ text: 'a'.repeat(400), mode: 'sync' }).catch((e) => e)
    expect(tooLong).toMatchObject({ code: 'TTS_SYNC_TEXT_TOO_LONG', status: 400 })
    const stranger = new Loa({ baseUrl: product.apiUrl, token: 'loa_not-a-token', appId: app.appId })
    await expect(stranger.tts.get(first.requestId)).rejects.toMatchObject({
      code: 'APP_TOKEN_INVALID',
      status: 401,
    })
    await loa.tts.waitForCompletion(first.requestId, { intervalMs: 200 })
    // The request log holds it once, in the v1 shape.
    const log = await loa.tts.list({ limit: 100 })
    expect(log.items.filter((r) => r.requestId === first.requestId)).toHaveLength(1)
  }, 120_000)

  it('the Vbee shape: create, poll, and the callback log of the request', async () => {
    const created = await loa.legacy.create({
      input_text: 'Xin chào từ kiểu cũ.',
      voice_code: voice,
      callback_url: webhookUrl,
    })
    const done = await loa.legacy.waitForCompletion(created.request_id, { intervalMs: 200 })
    expect(done.status).toBe('SUCCESS')
    expect(isAudio(await download(done.audio_link!))).toBe(true)
    let log = await loa.legacy.callbackResult(created.request_id)
    for (let i = 0; i < 100 && log.result === 'PENDING'; i++) {
      await new Promise((r) => setTimeout(r, 100))
      log = await loa.legacy.callbackResult(created.request_id)
    }
    expect(log).toMatchObject({ request_id: created.request_id, result: 'SUCCESS' })
  }, 120_000)

  it('streams audio as an async iterator and as a web ReadableStream; OpenAI-compatible speech', async () => {
    const chunks: Uint8Array[] = []
    for await (const chunk of await loa.tts.stream({
      input_text: 'Âm thanh đến từng phần.',
      voice_code: voice,
      audio_type: 'wav',
    }))
      chunks.push(chunk)
    const streamed = Uint8Array.from(chunks.flatMap((c) => [...c]))
    expect(isAudio(streamed)).toBe(true)
    const reader = (
      await loa.tts.stream({ input_text: 'Luồng web.', voice_code: voice, audio_type: 'mp3' })
    ).body.getReader()
    const first = await reader.read()
    expect(first.done).toBe(false)
    await reader.cancel()

    const speech = await loa.openai.speech({
      model: 'tts-1',
      voice: 'alloy',
      input: 'Xin chào!',
      response_format: 'wav',
    })
    expect(speech.contentType).toMatch(/audio\/wav/)
    expect(isAudio(new Uint8Array(await speech.arrayBuffer()))).toBe(true)
    expect((await loa.openai.models()).data.length).toBeGreaterThan(0)
    // Its Idempotency-Key: the same key and body speak the same request again, charged once.
    const asked = { model: 'tts-1', voice: 'alloy', input: 'Một lần.', response_format: 'wav' as const }
    const once = await loa.openai.speech(asked, { idempotencyKey: 'sdk-speech-1' })
    await once.arrayBuffer()
    const again = await loa.openai.speech(asked, { idempotencyKey: 'sdk-speech-1' })
    expect(again.headers.get('idempotent-replayed')).toBe('true')
    expect(isAudio(new Uint8Array(await again.arrayBuffer()))).toBe(true)
  }, 120_000)

  it('the WebSocket text-in stream: text in pieces, audio chunks with timing, then final', async () => {
    const stream = await loa.tts.streamInput({ outputFormat: 'pcm_16000' })
    stream.send('Xin chào, ')
    stream.send('đây là luồng văn bản vào. ')
    stream.end()
    let bytes = 0
    for await (const chunk of stream.audio()) bytes += chunk.byteLength
    stream.close()
    expect(bytes).toBeGreaterThan(1_000)
  }, 120_000)

  it('a dubbing job: created, polled until done, its track downloadable', async () => {
    const srt =
      '1\n00:00:00,500 --> 00:00:02,500\nLAN: Xin chào!\n\n2\n00:00:03,000 --> 00:00:05,000\nMINH: Chào em.\n'
    const render = await loa.dubbing.create({ subtitle_text: srt })
    const done = await loa.dubbing.waitForCompletion(render.render_id, { intervalMs: 300 })
    expect(done.status, JSON.stringify(done)).toBe('SUCCESS')
    const track = Object.entries(done.links).find(([name]) => name.endsWith('mp3') || name.endsWith('wav'))
    expect(isAudio(await download(track![1]))).toBe(true)
  }, 180_000)

  it('call prompts: a script checked, rendered for each row, the ZIP downloadable', async () => {
    const script = 'Kính chào {{ten}}, khoản phí {{so_tien:money}} đến hạn ngày {{han:date}}.'
    const rows = [
      { ten: 'anh Minh', so_tien: '1.500.000', han: '30/11/2026' },
      { ten: 'chị Lan', so_tien: 250000, han: '2026-12-01' },
    ]
    const checked = await loa.callPrompts.check({ script, rows })
    expect(checked).toBeTruthy()
    const job = await loa.callPrompts.create({ script, rows, format: 'ulaw' })
    const done = await loa.callPrompts.waitForCompletion(job.id, { intervalMs: 300 })
    expect(done, JSON.stringify(done)).toMatchObject({ status: 'SUCCESS', row_count: 2, done_rows: 2 })
    const zip = await download(done.zip_url!)
    expect(new TextDecoder('latin1').decode(zip.subarray(0, 2))).toBe('PK')
    expect((await loa.callPrompts.list()).items.map((j) => j.id)).toContain(job.id)
  }, 180_000)
})

import { app as t } from '@loa/db'
import { eq } from 'drizzle-orm'
import OpenAI from 'openai'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { decodeAudio, hasFfmpeg, warnNoFfmpeg } from '../../test/ffmpeg-audio.ts'
import { startSynthesisTestApi, type SynthesisTestApi } from '../synthesis/test-setup.ts'

/** The official `openai` SDK as the client of `POST /v1/audio/speech` (issue 30 §1), over a real socket. */
warnNoFfmpeg('OpenAI speech API: decoding every format')

let api: SynthesisTestApi
let baseURL: string
beforeAll(async () => {
  api = await startSynthesisTestApi({
    env: { TTS_APP_MAX_CONCURRENT: '1', OPENAI_VOICE_MAP: 'onyx=sg_male_hoangphuc_film' },
  })
  const address = await api.app.listen({ port: 0, host: '127.0.0.1' })
  baseURL = `${address}/v1`
}, 120_000)
afterAll(async () => {
  await api?.close()
})

const TEXT = 'Xin chào, tôi là trợ lý ảo của tổng đài.'

/** A user with API credits and one app; an SDK client with its token as the API key. */
const newClient = async (sub: string, credits = 10_000) => {
  await api.setBalance(sub, credits, 'aivoiceapi')
  const res = await api.call({
    method: 'POST',
    url: '/api/v1/api-apps',
    token: await api.token(sub),
    payload: { name: 'Trợ lý ảo' },
  })
  expect(res.statusCode, res.body).toBe(200)
  const { token } = res.json().result as { token: string }
  return new OpenAI({ apiKey: token, baseURL, maxRetries: 0 })
}

const bytesOf = async (response: Response) => new Uint8Array(await response.arrayBuffer())

describe('POST /v1/audio/speech with the openai SDK', () => {
  it('speaks mp3 with an OpenAI voice name, charged to the API wallet per character', async () => {
    const client = await newClient('oa-plain', 1_000)
    const { data, response } = await client.audio.speech
      .create({ model: 'tts-1', voice: 'alloy', input: TEXT })
      .withResponse()
    expect(response.headers.get('content-type')).toBe('audio/mpeg')
    // The header names the request in the console's log (service-kit's own request id must not replace it).
    const [row] = await api.database.db
      .select({ id: t.synthesisRequests.id })
      .from(t.synthesisRequests)
      .where(eq(t.synthesisRequests.userId, 'oa-plain'))
    expect(response.headers.get('x-request-id')).toBe(row!.id)
    const bytes = await bytesOf(data)
    expect(bytes.length).toBeGreaterThan(2_000)
    const characters = Number(response.headers.get('x-loa-characters'))
    expect(characters).toBeGreaterThan(20)
    expect(await api.balance('oa-plain', 'aivoiceapi')).toBe(1_000 - characters)
    if (hasFfmpeg) {
      const audio = decodeAudio(bytes)
      expect(audio).toMatchObject({ codec: 'mp3', sampleRate: 24000 })
      expect(audio.durationMs).toBeGreaterThan(1_500)
      expect(audio.rms).toBeGreaterThan(300)
    }
  }, 120_000)

  it('Idempotency-Key: a retry gets the same audio again, charged once; another body under the key is refused', async () => {
    const client = await newClient('oa-idem', 1_000)
    const speak = (input = TEXT) =>
      client.audio.speech
        .create(
          { model: 'tts-1', voice: 'alloy', input, response_format: 'wav' },
          { headers: { 'Idempotency-Key': 'goi-1' } },
        )
        .withResponse()
    const first = await speak()
    const firstBytes = await bytesOf(first.data)
    const characters = Number(first.response.headers.get('x-loa-characters'))
    expect(await api.balance('oa-idem', 'aivoiceapi')).toBe(1_000 - characters)
    const again = await speak()
    expect(again.response.headers.get('idempotent-replayed')).toBe('true')
    // One request in the log: the retry made nothing new.
    const rows = await api.database.db
      .select({ id: t.synthesisRequests.id })
      .from(t.synthesisRequests)
      .where(eq(t.synthesisRequests.userId, 'oa-idem'))
    expect(rows).toHaveLength(1)
    expect(await bytesOf(again.data)).toEqual(firstBytes)
    expect(await api.balance('oa-idem', 'aivoiceapi')).toBe(1_000 - characters)
    const other = await speak('Một câu khác hẳn.').catch((error: unknown) => error)
    expect(other).toBeInstanceOf(OpenAI.ConflictError)
    expect(other).toMatchObject({ status: 409, code: 'IDEMPOTENCY_KEY_REUSED' })
  }, 120_000)

  it('streams the body as it is made (.withResponse(), body reader): pcm is 24 kHz 16-bit mono', async () => {
    const client = await newClient('oa-stream')
    const long = Array.from({ length: 6 }, (_, i) => `Đây là câu số ${i + 1} của cuộc gọi.`).join(' ')
    const { data } = await client.audio.speech
      .create({ model: 'tts-1', voice: 'echo', input: long, response_format: 'pcm' })
      .withResponse()
    const reader = data.body!.getReader()
    const parts: Uint8Array[] = []
    for (;;) {
      const { done, value } = await reader.read()
      if (done) break
      parts.push(value)
    }
    expect(parts.length).toBeGreaterThan(1)
    const total = parts.reduce((n, p) => n + p.length, 0)
    expect(total % 2).toBe(0)
    // Six sentences at 24,000 samples a second: several seconds of audio.
    expect(total / 2 / 24000).toBeGreaterThan(4)
  }, 120_000)

  it('answers SSE: speech.audio.delta events with base64 audio, then speech.audio.done with usage', async () => {
    const client = await newClient('oa-sse')
    const response = await client.audio.speech.create({
      model: 'gpt-4o-mini-tts',
      voice: 'nova',
      input: TEXT,
      response_format: 'pcm',
      stream_format: 'sse',
    })
    expect(response.headers.get('content-type')).toBe('text/event-stream')
    const events = (await response.text())
      .split('\n\n')
      .filter(Boolean)
      .map(
        (e) =>
          JSON.parse(e.replace(/^data: /, '')) as {
            type: string
            audio?: string
            usage?: Record<string, number>
          },
      )
    const deltas = events.filter((e) => e.type === 'speech.audio.delta')
    expect(deltas.length).toBeGreaterThan(0)
    const audio = Buffer.concat(deltas.map((d) => Buffer.from(d.audio!, 'base64')))
    expect(audio.length / 2 / 24000).toBeGreaterThan(1.5)
    const done = events.at(-1)!
    expect(done.type).toBe('speech.audio.done')
    expect(done.usage).toEqual({
      input_tokens: expect.any(Number),
      output_tokens: 0,
      total_tokens: done.usage!.input_tokens,
    })
  }, 120_000)

  it.skipIf(!hasFfmpeg)(
    'makes every format, each decoded with its sample rate and the same length',
    async () => {
      const client = await newClient('oa-formats', 100_000)
      const formats = [
        ['mp3', 'mp3', 24000, []],
        ['wav', 'pcm_s16le', 24000, []],
        ['pcm', '', 24000, ['-f', 's16le', '-ar', '24000']],
        ['opus', 'opus', 48000, []],
        ['aac', 'aac', 24000, []],
        ['flac', 'flac', 24000, []],
        ['g711_ulaw', '', 8000, ['-f', 'mulaw', '-ar', '8000']],
        ['g711_alaw_wav', 'pcm_alaw', 8000, []],
      ] as const
      const lengths: number[] = []
      for (const [format, codec, rate, input] of formats) {
        const response = await client.audio.speech.create({
          model: 'tts-1',
          voice: 'hn_female_thuha_news',
          input: TEXT,
          response_format: format as 'mp3',
        })
        const audio = decodeAudio(await bytesOf(response), [...input])
        expect({ format, codec: audio.codec, rate: audio.sampleRate }).toEqual({ format, codec, rate })
        expect(audio.rms, format).toBeGreaterThan(300)
        lengths.push(audio.durationMs)
      }
      // Encoders add at most a few tens of ms (MP3/AAC/Opus priming and padding).
      for (const [i, ms] of lengths.entries())
        expect(Math.abs(ms - lengths[1]!), formats[i]![0]).toBeLessThan(150)
    },
    240_000,
  )

  it('answers errors in OpenAI shape that the SDK classifies', async () => {
    const client = await newClient('oa-errors', 10_000)
    const bad = new OpenAI({ apiKey: 'loa_not_a_token', baseURL, maxRetries: 0 })
    const auth = await bad.audio.speech
      .create({ model: 'tts-1', voice: 'alloy', input: TEXT })
      .catch((e) => e)
    expect(auth).toBeInstanceOf(OpenAI.AuthenticationError)
    expect(auth).toMatchObject({
      status: 401,
      type: 'authentication_error',
      code: expect.stringMatching(/^APP_TOKEN/),
    })

    const long = await client.audio.speech
      .create({ model: 'tts-1', voice: 'alloy', input: 'a'.repeat(4097) })
      .catch((e) => e)
    expect(long).toBeInstanceOf(OpenAI.BadRequestError)
    expect(long).toMatchObject({
      status: 400,
      type: 'invalid_request_error',
      param: 'input',
      code: 'VALIDATION_FAILED',
    })

    const model = await client.audio.speech
      .create({ model: 'whisper-1', voice: 'alloy', input: TEXT })
      .catch((e) => e)
    expect(model).toBeInstanceOf(OpenAI.NotFoundError)
    expect(model).toMatchObject({ code: 'TTS_MODEL_NOT_FOUND', param: 'model' })

    const voice = await client.audio.speech
      .create({ model: 'tts-1', voice: 'no_such_voice', input: TEXT })
      .catch((e) => e)
    expect(voice).toBeInstanceOf(OpenAI.BadRequestError)
    expect(voice).toMatchObject({ code: 'VOICE_NOT_FOUND' })

    // The app may run one request at once in this suite: a second while the first streams is 429.
    // Minutes of raw PCM: the unread body fills the socket's buffers, so the first request stays running.
    const first = await client.audio.speech.create({
      model: 'tts-1',
      voice: 'alloy',
      input: `${TEXT} `.repeat(80),
      response_format: 'pcm',
    })
    const busy = await client.audio.speech
      .create({ model: 'tts-1', voice: 'alloy', input: TEXT })
      .catch((e) => e)
    expect(busy).toBeInstanceOf(OpenAI.RateLimitError)
    expect(busy).toMatchObject({
      status: 429,
      type: 'rate_limit_error',
      code: 'TTS_CONCURRENCY_LIMIT_REACHED',
    })
    await first.body!.cancel()

    const poor = await newClient('oa-poor', 3)
    const funds = await poor.audio.speech
      .create({ model: 'tts-1', voice: 'alloy', input: TEXT })
      .catch((e) => e)
    expect(funds).toBeInstanceOf(OpenAI.APIError)
    expect(funds.status).toBeGreaterThanOrEqual(400)
    expect(funds.error).toMatchObject({
      code: expect.stringMatching(/CREDIT|BALANCE/),
      type: expect.any(String),
    })
  }, 120_000)
})

describe('GET /v1/models and /v1/audio/voices', () => {
  it('lists OpenAI model names and Loa engines, and the voice map', async () => {
    const client = await newClient('oa-lists')
    const ids = []
    for await (const m of client.models.list()) ids.push(m.id)
    expect(ids).toEqual(expect.arrayContaining(['tts-1', 'tts-1-hd', 'gpt-4o-mini-tts', 'espeak', 'piper']))
    expect((await client.models.retrieve('tts-1')).owned_by).toBe('loa')
    const voices = (await api.call({ method: 'GET', url: '/v1/audio/voices' })).json().voices as {
      id: string
      maps_to: { fast: string; best: string } | null
    }[]
    const alloy = voices.find((v) => v.id === 'alloy')!
    expect(alloy.maps_to!.fast).toBeTruthy()
    expect(voices.some((v) => v.id === alloy.maps_to!.fast && v.maps_to === null)).toBe(true)
    // OPENAI_VOICE_MAP overrides the default map for the names it lists.
    expect(voices.find((v) => v.id === 'onyx')!.maps_to).toEqual({
      fast: 'sg_male_hoangphuc_film',
      best: 'sg_male_hoangphuc_film',
    })
    const { response } = await client.audio.speech
      .create({ model: 'tts-1-hd', voice: 'onyx', input: 'Xin chào.' })
      .withResponse()
    expect(response.headers.get('x-loa-voice')).toBe('sg_male_hoangphuc_film')
    await response.arrayBuffer()
  }, 60_000)
})

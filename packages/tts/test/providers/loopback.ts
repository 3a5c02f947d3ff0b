/**
 * Loopback servers that follow each provider's documented wire (../shared/reference/voice-providers.md): paths,
 * auth headers, bodies, audio formats, error bodies and rate-limit headers. Tests, the provider bench and the
 * e2e setup start them on port 0. The "voice" is a tone per word (silence between words, longer at sentence
 * ends), so that Loa's timing estimate has something real to find. No real provider, no real key.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

export type LoopbackKind = 'openai' | 'azure' | 'google' | 'elevenlabs' | 'fpt'

/** What the next request gets instead of audio (consumed in order). */
export interface Failure {
  status: number
  retryAfter?: string
}

export interface LoopbackRequest {
  method: string
  path: string
  headers: Record<string, string | string[] | undefined>
  body: string
}

export interface LoopbackProvider {
  url: string
  kind: LoopbackKind
  requests: LoopbackRequest[]
  /** Failures to answer with, first the next request. */
  failures: Failure[]
  /** Answer every request with 503 (an outage). */
  down: boolean
  /** Requests being answered now, and the most at once so far. */
  inFlight: number
  peak: number
  close(): Promise<void>
}

export interface LoopbackOptions {
  key?: string
  /** Audio chunk size in ms and the pause between chunks (a streaming provider generating). */
  chunkMs?: number
  chunkDelayMs?: number
  /** Wait before the first byte (model warm-up). */
  firstByteDelayMs?: number
  /** FPT: polls answered 404 before the file is there. */
  fptPendingPolls?: number
}

const WORD_MS = 180
const GAP_MS = 60
const SENTENCE_MS = 300

/** A tone per word: returns the PCM and each word's [start, end] in ms (offsets in `text`). */
export const toneSpeech = (
  text: string,
  rate: number,
): { pcm: Int16Array; words: { offset: number; length: number; startMs: number; endMs: number }[] } => {
  const words = [...text.matchAll(/[\p{L}\p{N}]+/gu)].map((m) => ({ offset: m.index, length: m[0].length }))
  const timed: { offset: number; length: number; startMs: number; endMs: number }[] = []
  let ms = 0
  for (const [i, w] of words.entries()) {
    timed.push({ ...w, startMs: ms, endMs: ms + WORD_MS })
    ms += WORD_MS
    const between = text.slice(w.offset + w.length, words[i + 1]?.offset ?? text.length)
    ms += /[.!?]/.test(between) ? SENTENCE_MS : GAP_MS
  }
  const pcm = new Int16Array(Math.round((ms * rate) / 1000))
  for (const w of timed) {
    const from = Math.round((w.startMs * rate) / 1000)
    const to = Math.round((w.endMs * rate) / 1000)
    for (let i = from; i < to; i++) pcm[i] = Math.round(9000 * Math.sin((2 * Math.PI * 220 * i) / rate))
  }
  return { pcm, words: timed }
}

export const pcmBytes = (pcm: Int16Array): Buffer => Buffer.from(pcm.buffer, pcm.byteOffset, pcm.byteLength)

export const wavBytes = (pcm: Int16Array, rate: number): Buffer => {
  const header = Buffer.alloc(44)
  header.write('RIFF', 0)
  header.writeUInt32LE(36 + pcm.byteLength, 4)
  header.write('WAVEfmt ', 8)
  header.writeUInt32LE(16, 16)
  header.writeUInt16LE(1, 20)
  header.writeUInt16LE(1, 22)
  header.writeUInt32LE(rate, 24)
  header.writeUInt32LE(rate * 2, 28)
  header.writeUInt16LE(2, 32)
  header.writeUInt16LE(16, 34)
  header.write('data', 36)
  header.writeUInt32LE(pcm.byteLength, 40)
  return Buffer.concat([header, pcmBytes(pcm)])
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

const unescapeXml = (s: string): string =>
  s.replace(
    /&(amp|lt|gt|quot|apos);/g,
    (_, e: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" })[e]!,
  )

/** Each provider's documented error body for a status. */
const errorBody = (kind: LoopbackKind, status: number, message: string): { type: string; body: string } => {
  const json = (v: unknown) => ({ type: 'application/json', body: JSON.stringify(v) })
  switch (kind) {
    case 'openai':
      return json({
        error: {
          message,
          type: status === 429 ? 'rate_limit_exceeded' : 'invalid_request_error',
          param: null,
          code: null,
        },
      })
    case 'google':
      return json({
        error: {
          code: status,
          message,
          status:
            status === 429 ? 'RESOURCE_EXHAUSTED' : status === 401 ? 'UNAUTHENTICATED' : 'INVALID_ARGUMENT',
        },
      })
    case 'elevenlabs':
      return status === 422
        ? json({ detail: [{ loc: ['body', 'text'], msg: message, type: 'value_error' }] })
        : json({ detail: { status: status === 401 ? 'invalid_api_key' : 'system_busy', message } })
    case 'fpt':
      return json({ error: 1, message })
    case 'azure':
      return { type: 'text/plain', body: message }
  }
}

export const startLoopbackProvider = async (
  kind: LoopbackKind,
  options: LoopbackOptions = {},
): Promise<LoopbackProvider> => {
  const key = options.key ?? 'test-key'
  const files = new Map<string, { pcm: Int16Array; rate: number; polls: number }>()
  const state: LoopbackProvider = {
    url: '',
    kind,
    requests: [],
    failures: [],
    down: false,
    inFlight: 0,
    peak: 0,
    close: async () => undefined,
  }

  const fail = (
    res: ServerResponse,
    status: number,
    message: string,
    headers: Record<string, string> = {},
  ) => {
    const { type, body } = errorBody(kind, status, message)
    res.writeHead(status, { 'Content-Type': type, ...headers }).end(body)
  }

  /** Streams PCM in chunks with the configured pacing. */
  const stream = async (
    res: ServerResponse,
    bytes: Buffer,
    rate: number,
    encode?: (b: Buffer, i: number) => string,
  ) => {
    const chunk = Math.max(2, Math.round(((options.chunkMs ?? 100) * rate) / 1000) * 2)
    if (options.firstByteDelayMs) await sleep(options.firstByteDelayMs)
    for (let at = 0, i = 0; at < bytes.length; at += chunk, i++) {
      const part = bytes.subarray(at, at + chunk)
      res.write(encode ? encode(part, i) : part)
      if (options.chunkDelayMs && at + chunk < bytes.length) await sleep(options.chunkDelayMs)
    }
    res.end()
  }

  const handle = async (req: IncomingMessage, res: ServerResponse, body: string): Promise<void> => {
    const url = new URL(req.url ?? '/', 'http://loopback')
    if (kind === 'fpt' && req.method === 'GET' && url.pathname.startsWith('/files/')) {
      const file = files.get(url.pathname.slice('/files/'.length))
      if (!file) return void res.writeHead(404).end()
      if (file.polls-- > 0) return void res.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not Found')
      return void res.writeHead(200, { 'Content-Type': 'audio/wav' }).end(wavBytes(file.pcm, file.rate))
    }
    state.requests.push({ method: req.method ?? '', path: req.url ?? '', headers: req.headers, body })
    const failure = state.down ? { status: 503 } : state.failures.shift()
    if (failure) {
      const headers: Record<string, string> =
        failure.retryAfter !== undefined ? { 'Retry-After': failure.retryAfter } : {}
      if (kind === 'openai' && failure.status === 429)
        Object.assign(headers, {
          'x-ratelimit-limit-requests': '60',
          'x-ratelimit-remaining-requests': '0',
          'x-ratelimit-reset-requests': '1s',
        })
      return fail(
        res,
        failure.status,
        failure.status === 503 ? 'Service Unavailable' : `failure ${failure.status}`,
        headers,
      )
    }
    switch (kind) {
      case 'openai': {
        if (req.method !== 'POST' || url.pathname !== '/v1/audio/speech') return fail(res, 404, 'Not found')
        if (req.headers.authorization !== `Bearer ${key}`) return fail(res, 401, 'Incorrect API key provided')
        const b = JSON.parse(body) as {
          model?: string
          input?: string
          voice?: string
          response_format?: string
        }
        if (!b.model || !b.voice || typeof b.input !== 'string' || b.input.length > 4096)
          return fail(res, 400, 'input, model and voice are required; input at most 4096 characters')
        if (b.response_format !== 'pcm') return fail(res, 400, 'this loopback speaks pcm only')
        const { pcm } = toneSpeech(b.input, 24000)
        res.writeHead(200, { 'Content-Type': 'audio/pcm', 'x-request-id': `req_${state.requests.length}` })
        return stream(res, pcmBytes(pcm), 24000)
      }
      case 'azure': {
        if (req.method !== 'POST' || url.pathname !== '/cognitiveservices/v1')
          return fail(res, 404, 'Not found')
        if (req.headers['ocp-apim-subscription-key'] !== key) return fail(res, 401, 'Unauthorized')
        if (req.headers['content-type'] !== 'application/ssml+xml')
          return fail(res, 415, 'Unsupported Media Type')
        const format = /^raw-(8khz|16khz|22050hz|24khz|44100hz|48khz)-16bit-mono-pcm$/.exec(
          String(req.headers['x-microsoft-outputformat']),
        )
        if (!format || !req.headers['user-agent']) return fail(res, 400, 'Bad Request')
        const rate = {
          '8khz': 8000,
          '16khz': 16000,
          '22050hz': 22050,
          '24khz': 24000,
          '44100hz': 44100,
          '48khz': 48000,
        }[format[1]!]!
        if (
          !/<speak[^>]*xmlns="http:\/\/www\.w3\.org\/2001\/10\/synthesis"[^>]*>.*<voice name="[^"]+">/s.test(
            body,
          )
        )
          return fail(res, 400, 'Bad Request')
        const { pcm } = toneSpeech(unescapeXml(body.replace(/<[^>]+>/g, '')), rate)
        res.writeHead(200, { 'Content-Type': 'audio/x-wav' })
        return stream(res, pcmBytes(pcm), rate)
      }
      case 'google': {
        if (req.method !== 'POST' || url.pathname !== '/v1beta1/text:synthesize')
          return fail(res, 404, 'Not found')
        if (req.headers['x-goog-api-key'] !== key)
          return fail(res, 401, 'API key not valid. Please pass a valid API key.')
        const b = JSON.parse(body) as {
          input?: { text?: string; ssml?: string }
          voice?: { languageCode?: string; name?: string }
          audioConfig?: { audioEncoding?: string; sampleRateHertz?: number }
          enableTimePointing?: string[]
        }
        const input = b.input?.ssml ?? b.input?.text
        if (!input || !b.voice?.languageCode || b.audioConfig?.audioEncoding !== 'LINEAR16')
          return fail(res, 400, 'Invalid request')
        if (Buffer.byteLength(input) > 5000)
          return fail(res, 400, 'Either `input.text` or `input.ssml` is longer than the limit of 5000 bytes.')
        const rate = b.audioConfig.sampleRateHertz ?? 24000
        // Marks sit right before their word: the word's start is the mark's time.
        const marks: string[] = []
        const plain = unescapeXml(
          (b.input?.ssml ?? b.input?.text ?? '').replace(
            /<mark name="([^"]+)"\/>|<[^>]+>/g,
            (m, name?: string) => {
              if (name) marks.push(name)
              return ''
            },
          ),
        )
        const { pcm, words } = toneSpeech(plain, rate)
        const timepoints = b.enableTimePointing?.includes('SSML_MARK')
          ? marks.map((markName, i) => ({ markName, timeSeconds: (words[i]?.startMs ?? 0) / 1000 }))
          : []
        res.writeHead(200, { 'Content-Type': 'application/json' })
        return void res.end(
          JSON.stringify({
            audioContent: wavBytes(pcm, rate).toString('base64'),
            timepoints,
            audioConfig: b.audioConfig,
          }),
        )
      }
      case 'elevenlabs': {
        const m = /^\/v1\/text-to-speech\/([^/]+)\/stream\/with-timestamps$/.exec(url.pathname)
        if (req.method !== 'POST' || !m) return fail(res, 404, 'Not found')
        if (req.headers['xi-api-key'] !== key) return fail(res, 401, 'Invalid API key')
        const format = /^pcm_(8000|16000|22050|24000|44100)$/.exec(
          url.searchParams.get('output_format') ?? 'mp3_44100_128',
        )
        const b = JSON.parse(body) as { text?: string }
        if (!b.text) return fail(res, 422, 'Field required')
        if (!format) return fail(res, 400, 'this loopback speaks pcm only')
        const rate = Number(format[1])
        const { pcm, words } = toneSpeech(b.text, rate)
        // Character alignment: a word's characters share its span; others sit in the gap after the previous word.
        const chars = [...b.text]
        const starts: number[] = []
        const ends: number[] = []
        let offset = 0
        for (const c of chars) {
          const w = words.find((x) => offset >= x.offset && offset < x.offset + x.length)
          const before = [...words].reverse().find((x) => x.offset + x.length <= offset)
          const t = w
            ? w.startMs + ((offset - w.offset) / w.length) * (w.endMs - w.startMs)
            : (before?.endMs ?? 0)
          starts.push(t / 1000)
          ends.push((w ? t + (w.endMs - w.startMs) / w.length : t) / 1000)
          offset += c.length
        }
        res.writeHead(200, { 'Content-Type': 'application/json' })
        const bytes = pcmBytes(pcm)
        const per = Math.ceil(
          chars.length /
            Math.max(
              1,
              Math.ceil(bytes.length / Math.max(2, Math.round(((options.chunkMs ?? 100) * rate) / 1000) * 2)),
            ),
        )
        return stream(res, bytes, rate, (part, i) => {
          const from = i * per
          const alignment = {
            characters: chars.slice(from, from + per),
            character_start_times_seconds: starts.slice(from, from + per),
            character_end_times_seconds: ends.slice(from, from + per),
          }
          return `${JSON.stringify({ audio_base64: part.toString('base64'), alignment, normalized_alignment: alignment })}\n`
        })
      }
      case 'fpt': {
        if (req.method !== 'POST' || url.pathname !== '/hmi/tts/v5') return fail(res, 404, 'Not found')
        if (req.headers.api_key !== key) return fail(res, 401, 'Invalid API key')
        if (body.length < 3 || body.length > 5000)
          return fail(res, 400, 'text must have 3 to 5000 characters')
        const id = `f${state.requests.length}`
        const rate = 16000
        files.set(`${id}.wav`, { pcm: toneSpeech(body, rate).pcm, rate, polls: options.fptPendingPolls ?? 1 })
        res.writeHead(200, { 'Content-Type': 'application/json' })
        return void res.end(
          JSON.stringify({
            async: `${state.url}/files/${id}.wav`,
            error: 0,
            message: 'The content will be returned after a few seconds under the async link.',
            request_id: id,
          }),
        )
      }
    }
  }

  const server = createServer((req, res) => {
    const parts: Buffer[] = []
    req.on('data', (c: Buffer) => parts.push(c))
    req.on('end', () => {
      state.inFlight++
      state.peak = Math.max(state.peak, state.inFlight)
      handle(req, res, Buffer.concat(parts).toString('utf8'))
        .catch(() => !res.headersSent && res.writeHead(500).end())
        .finally(() => state.inFlight--)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  state.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections()
      server.close(() => resolve())
    })
  return state
}

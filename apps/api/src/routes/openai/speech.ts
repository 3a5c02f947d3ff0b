import { Readable } from 'node:stream'
import { SYNTHESIS_RANGES } from '@loa/synthesis'
import { AppError } from '@loa/contracts'
import type { SpeechStream, SynthesisRow } from '@loa/synthesis'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { ApiErrorCode } from '../../errors.ts'
import { idempotent } from '../../plugins/idempotency.ts'
import type { ApiAppRow } from '../../services/api-apps.ts'
import { synthesisContext } from '../../services/synthesis-context.ts'
import { retainUntilFor } from '../v1/retention.ts'
import { openAiErrorResponses } from './errors.ts'
import { assertFfmpeg, FFMPEG_FORMATS, transcode, type FfmpegFormat } from './transcode.ts'
import { qualityOf, resolveOpenAiVoice } from './voice-map.ts'
import { speechBody, type SpeechBody } from './wire.ts'

/** What a response format renders as (audio type and rate of the request row) and what ffmpeg makes of it. */
const planOf = (b: SpeechBody): { audioType: string; sampleRate: number; ffmpeg?: FfmpegFormat } => {
  switch (b.response_format) {
    case 'mp3':
      return { audioType: 'mp3', sampleRate: 24000 }
    case 'wav':
    case 'pcm':
      return { audioType: b.response_format, sampleRate: b.sample_rate ?? 24000 }
    case 'opus':
    case 'aac':
    case 'flac':
      return { audioType: 'wav', sampleRate: 24000, ffmpeg: b.response_format }
    default:
      // g711_ulaw → ulaw, g711_alaw_wav → alaw_wav: always 8 kHz
      return { audioType: b.response_format.slice('g711_'.length), sampleRate: 8000 }
  }
}

const encoder = new TextEncoder()
const event = (data: unknown) => encoder.encode(`data: ${JSON.stringify(data)}\n\n`)

/** OpenAI's SSE speech stream: a delta per audio chunk, then done with the usage (input = billed characters). */
async function* sseEvents(
  chunks: AsyncGenerator<Uint8Array>,
  characters: number,
): AsyncGenerator<Uint8Array> {
  for await (const chunk of chunks)
    yield event({ type: 'speech.audio.delta', audio: Buffer.from(chunk).toString('base64') })
  yield event({
    type: 'speech.audio.done',
    usage: { input_tokens: characters, output_tokens: 0, total_tokens: characters },
  })
}

/**
 * `POST /v1/audio/speech`, OpenAI's speech API on Loa voices: the app token alone authenticates (`App-Id` is
 * checked when sent), and the request is a streamed developer-API request like `POST /api/v1/tts/stream` —
 * the same `aivoiceapi` credits (voice credit factors included), concurrency limit and request log.
 */
export const openAiSpeechRoute: FastifyPluginAsyncZod = async (app) => {
  const { synthesis, apiApps } = synthesisContext(app)
  const { db, config } = app.ctx

  // The app of a request, authenticated once (the Idempotency-Key scope and the handler both ask).
  const apps = new WeakMap<FastifyRequest, Promise<ApiAppRow>>()
  const appOf = (request: FastifyRequest): Promise<ApiAppRow> => {
    let found = apps.get(request)
    if (!found) apps.set(request, (found = apiApps.authenticateWithAppId(request.headers, false)))
    return found
  }
  /** The request row each answered call made: what an Idempotency-Key keeps (the audio itself is not stored). */
  const made = new WeakMap<FastifyRequest, string>()

  /** Sends a request's audio (or SSE) with Loa's answer headers. */
  const respond = (reply: FastifyReply, b: SpeechBody, row: SynthesisRow, speech: SpeechStream) => {
    const plan = planOf(b)
    const { voice, speed } = (row.paragraphs as { voice: string; speed: number }[])[0]!
    const audio = plan.ffmpeg ? transcode(speech.chunks, plan.ffmpeg) : speech.chunks
    reply
      .header('cache-control', 'no-store')
      .header('x-accel-buffering', 'no')
      .header('x-request-id', row.id)
      .header('x-loa-voice', voice)
      .header('x-loa-characters', String(row.characters))
    if (speed !== b.speed) reply.header('x-loa-speed', String(speed))
    if (b.instructions) reply.header('x-loa-ignored', 'instructions')
    if (b.stream_format === 'sse')
      return reply
        .header('content-type', 'text/event-stream')
        .send(Readable.from(sseEvents(audio, row.characters), { objectMode: false }))
    return reply
      .header('content-type', plan.ffmpeg ? FFMPEG_FORMATS[plan.ffmpeg].mime : speech.mimeType)
      .send(Readable.from(audio, { objectMode: false }))
  }

  /**
   * `Idempotency-Key` (issue 37's helper): the key keeps the request id, not the audio. A retry with the same key and
   * body speaks that request again from the sentence cache — the same audio, charged once, `idempotent-replayed:
   * true`; while the first call still streams it is a 409 `IDEMPOTENCY_KEY_IN_USE`; when the first call's stream
   * failed (nothing charged) the retry runs as a new call.
   */
  const keyed = idempotent(db, async (request) => `app:${(await appOf(request)).id}`, {
    answer: (request) => {
      const id = made.get(request)
      return id ? JSON.stringify({ request_id: id }) : null
    },
    replay: async (stored, request, reply) => {
      const owner = await appOf(request)
      const { request_id } = JSON.parse(stored) as { request_id: string }
      const row = await synthesis.find(request_id, { userId: owner.userId }).catch(() => undefined)
      if (row?.status === 'IN_PROGRESS')
        throw new AppError(
          ApiErrorCode.IDEMPOTENCY_KEY_IN_USE,
          'A request with this Idempotency-Key is still running; retry shortly for its answer',
          409,
          { headers: { 'retry-after': '1' } },
        )
      if (row?.status !== 'SUCCESS') return false
      await respond(reply, request.body as SpeechBody, row, synthesis.stream({ row, replay: true }))
      return true
    },
  })

  app.post(
    '/audio/speech',
    {
      ...keyed,
      schema: {
        tags: ['openai-compatible'],
        summary: 'Speak a text (OpenAI speech API): the audio as it is made, or SSE deltas',
        description:
          'OpenAI-compatible: point an OpenAI SDK or tool at `https://<api host>/v1` with a Loa app token as the API ' +
          "key. Credits come from the API wallet (aivoiceapi); the app's concurrency limit answers 429. Errors: " +
          '`{"error":{"message","type","param","code"}}` with `code` one of Loa\'s error codes. Answer headers: ' +
          "`x-request-id` (the request in the console's log), `x-loa-voice` (the Loa voice that spoke), " +
          '`x-loa-speed` (when a speed over 1.9 was read at 1.9), `x-loa-ignored: instructions`. ' +
          '`Idempotency-Key`: a retry with the same key and body within 24 h gets the same audio again, charged once ' +
          '(`idempotent-replayed: true`).',
        security: [{ appToken: [] }],
        body: speechBody,
        response: openAiErrorResponses,
      },
    },
    async (request, typedReply) => {
      // The 200 answer is audio (or SSE), not JSON: only the error bodies have a schema.
      const reply = typedReply as FastifyReply
      const owner = await appOf(request)
      const b = request.body
      const quality = qualityOf(b.model)
      const plan = planOf(b)
      if (plan.ffmpeg) assertFfmpeg(b.response_format)
      const voice = await resolveOpenAiVoice(
        db,
        typeof b.voice === 'string' ? b.voice : b.voice.id,
        quality,
        config.synthesis.openAiVoiceMap,
      )
      const speed = Math.min(b.speed, SYNTHESIS_RANGES.speed.max)
      const row = await synthesis.create(
        {
          paragraphs: [{ text: b.input, voice, speed }],
          audioType: plan.audioType as 'mp3',
          bitrate: 96,
          sampleRate: plan.sampleRate,
        },
        {
          userId: owner.userId,
          source: 'STREAM',
          app: owner,
          enqueue: false,
          retainUntil: retainUntilFor(config),
        },
      )
      made.set(request, row.id)
      return respond(reply, b, row, synthesis.stream({ row }))
    },
  )
}

import { AppError, MAX_STREAM_CHARACTERS, ok } from '@loa/contracts'
import {
  assertAudioKept,
  audioExtensionOf,
  AUDIO_TYPES,
  LINK_TTL_SECONDS,
  vbeeRequestFields,
  type SynthesisRow,
} from '@loa/synthesis'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { FastifyRequest } from 'fastify'
import { z } from 'zod'
import { ApiErrorCode } from '../../errors.ts'
import { envelope } from '../../lib/wire.ts'
import { idempotent } from '../../plugins/idempotency.ts'
import type { ApiAppRow } from '../../services/api-apps.ts'
import { synthesisContext } from '../../services/synthesis-context.ts'
import { checkCallbackUrl } from '../api-apps/index.ts'
import { SYNTHESIS_BODY_LIMIT } from '../synthesis/index.ts'
import { retainUntilFor } from '../v1/retention.ts'
import { AUDIO_TYPE_DOC } from './audio-types.ts'
import { callbackLogWire, readCallbackLog } from './callback-log.ts'
import { sendSpeech } from './stream.ts'

/** Numbers as JSON numbers or numeric strings (Vbee clients send both). */
const num = () =>
  z.union([
    z.number(),
    z
      .string()
      .trim()
      .regex(/^-?\d+(\.\d+)?$/, 'must be a number')
      .transform(Number),
  ])

const ttsBody = z.object({
  app_id: z.string().max(100).optional(),
  callback_url: z.string().max(2_000).optional(),
  input_text: z.string().optional(),
  sentences: z
    .array(
      z.object({
        text: z.string(),
        voice_code: z.string().max(200).optional(),
        speed_rate: num().optional(),
      }),
    )
    .optional(),
  voice_code: z.string().max(200).optional(),
  audio_type: z.enum(AUDIO_TYPES).default('mp3').describe(AUDIO_TYPE_DOC),
  bitrate: num().default(128),
  speed_rate: num().default(1),
  sample_rate: num().optional(),
  response_type: z.string().max(20).optional(),
})

const ttsResult = z.object({
  app_id: z.string().nullable(),
  request_id: z.string(),
  characters: z.number(),
  voice_code: z.string(),
  audio_type: z.string(),
  speed_rate: z.number(),
  bitrate: z.number(),
  sample_rate: z.number(),
  created_at: z.string(),
  status: z.string(),
})

const ttsStatus = ttsResult.extend({
  progress: z.number(),
  audio_link: z.string().nullable(),
  audio_expired: z.boolean(),
  duration_ms: z.number().nullable(),
  error_code: z.string().nullable(),
})

const idParams = z.object({ request_id: z.string().max(100) })

const resultOf = (row: SynthesisRow) => ({ ...vbeeRequestFields(row), status: row.status })

type TtsBody = z.infer<typeof ttsBody>

/** Vbee-shaped request → synthesis input (each sentence may bring its own voice and speed). */
const toInput = (b: TtsBody) => {
  const speed = Number(b.speed_rate)
  const voice = b.voice_code ?? ''
  const paragraphs =
    b.sentences && b.sentences.length > 0
      ? b.sentences.map((s) => ({
          text: s.text,
          voice: s.voice_code ?? voice,
          speed: s.speed_rate !== undefined ? Number(s.speed_rate) : speed,
        }))
      : b.input_text !== undefined
        ? [{ text: b.input_text, voice, speed }]
        : []
  return {
    paragraphs,
    audioType: b.audio_type,
    bitrate: Number(b.bitrate),
    sampleRate: b.sample_rate !== undefined ? Number(b.sample_rate) : 22050,
  }
}

/**
 * The developer TTS API, Vbee-compatible: `Authorization: Bearer <app token>`. Credits come from the app
 * owner's balance; per-app limits (requests running at once, requests per minute) answer 429.
 */
export const ttsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { synthesis, apiApps } = synthesisContext(app)
  const { db, storage, config } = app.ctx

  const appOf = async (request: FastifyRequest, appId?: string): Promise<ApiAppRow> => {
    const found = await apiApps.authenticate(request.headers.authorization)
    if (appId !== undefined && appId !== found.id)
      throw new AppError(ApiErrorCode.APP_ID_MISMATCH, 'app_id does not match the app of this token', 403)
    return found
  }

  app.post(
    '/tts',
    {
      // `Idempotency-Key`: a retried create answers the first request again and charges once.
      ...idempotent(db, async (request) => `app:${(await appOf(request)).id}`),
      bodyLimit: SYNTHESIS_BODY_LIMIT,
      schema: {
        tags: ['tts'],
        summary: 'Start a synthesis (Vbee-compatible); the result is POSTed to callback_url',
        security: [{ appToken: [] }],
        body: ttsBody,
        response: { 200: envelope(ttsResult) },
      },
    },
    async (request) => {
      const owner = await appOf(request, request.body.app_id)
      const callbackUrl = request.body.callback_url || owner.callbackUrl
      if (callbackUrl) await checkCallbackUrl(callbackUrl, config.synthesis.callbackAllowHosts)
      const row = await synthesis.create(
        { ...toInput(request.body), callbackUrl: callbackUrl ?? null },
        { userId: owner.userId, source: 'API', app: owner, retainUntil: retainUntilFor(config) },
      )
      return ok(resultOf(row))
    },
  )

  app.post(
    '/tts/stream',
    {
      schema: {
        tags: ['tts'],
        summary: `Synthesize up to ${MAX_STREAM_CHARACTERS} characters and stream the audio as it is rendered`,
        security: [{ appToken: [] }],
        body: ttsBody.omit({ callback_url: true, sentences: true }),
      },
    },
    async (request, reply) => {
      const owner = await appOf(request, request.body.app_id)
      const input = toInput(request.body)
      const row = await synthesis.create(input, {
        userId: owner.userId,
        source: 'STREAM',
        app: owner,
        enqueue: false,
        retainUntil: retainUntilFor(config),
      })
      return sendSpeech(reply, synthesis.stream({ row }))
    },
  )

  app.get(
    '/tts/:request_id',
    {
      schema: {
        tags: ['tts'],
        summary: 'Status, progress and audio link of a request',
        description:
          'The audio is kept API_AUDIO_RETENTION_DAYS after creation; once the retention sweep deleted it this ' +
          'answers 410 `TTS_AUDIO_EXPIRED` (`details.audio_deleted_at`).',
        security: [{ appToken: [] }],
        params: idParams,
        response: { 200: envelope(ttsStatus) },
      },
    },
    async (request) => {
      const owner = await appOf(request)
      const row = await synthesis.find(request.params.request_id, { appId: owner.id })
      assertAudioKept(row)
      return ok({
        ...resultOf(row),
        progress: row.progress,
        audio_link:
          row.status === 'SUCCESS' && row.audioKey && storage
            ? await storage.signedDownloadUrl(row.audioKey, {
                expiresInSeconds: LINK_TTL_SECONDS,
                filename: `${row.id}.${audioExtensionOf(row.audioType)}`,
              })
            : null,
        audio_expired: false,
        duration_ms: row.durationMs,
        error_code: row.errorCode,
      })
    },
  )

  app.get(
    '/tts/:request_id/callback-result',
    {
      schema: {
        tags: ['tts'],
        summary: 'Every delivery attempt of the callback (payload, HTTP status, time)',
        security: [{ appToken: [] }],
        params: idParams,
        response: {
          200: envelope(callbackLogWire),
        },
      },
    },
    async (request) => {
      const owner = await appOf(request)
      const row = await synthesis.find(request.params.request_id, { appId: owner.id })
      return ok(await readCallbackLog(db, row))
    },
  )
}

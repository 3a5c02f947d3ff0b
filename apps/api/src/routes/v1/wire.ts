import { DEFAULT_VOICE, MAX_SYNTHESIS_CHARACTERS } from '@loa/contracts'
import { AUDIO_TYPES, SYNTHESIS_RANGES } from '@loa/synthesis'
import { z } from 'zod'
import { AUDIO_TYPE_DOC } from '../tts/audio-types.ts'

/** Texts up to this many characters may ask for `mode: "sync"` (Vbee's realtime limit); longer ones use `async`. */
export const V1_SYNC_MAX_CHARACTERS = 300
/** How long a sync call waits for its render before answering the request id to poll instead. */
export const V1_SYNC_WAIT_MS = 30_000
const REQUEST_ID = '3f0c2a4e-8d1b-4c52-9a37-5e1f0b6d7c21'
const AUDIO_LINK = `https://api.example.vn/api/v1/files/synthesis/${REQUEST_ID}/audio.mp3?expires=1764000000&signature=…`

export const v1TtsBody = z
  .object({
    text: z.string().max(MAX_SYNTHESIS_CHARACTERS),
    voiceCode: z.string().max(200).default(DEFAULT_VOICE),
    mode: z.enum(['sync', 'async']).default('async'),
    webhookUrl: z.string().max(2_000).optional(),
    outputFormat: z.enum(AUDIO_TYPES).default('mp3').describe(AUDIO_TYPE_DOC),
    bitrate: z
      .number()
      .int()
      .min(SYNTHESIS_RANGES.bitrate.min)
      .max(SYNTHESIS_RANGES.bitrate.max)
      .default(128),
    speed: z.number().min(SYNTHESIS_RANGES.speed.min).max(SYNTHESIS_RANGES.speed.max).default(1),
    sampleRate: z
      .number()
      .int()
      .min(SYNTHESIS_RANGES.sampleRate.min)
      .max(SYNTHESIS_RANGES.sampleRate.max)
      .default(22050),
  })
  .meta({
    example: {
      text: 'Xin chào, đây là bản tin sáng nay.',
      voiceCode: DEFAULT_VOICE,
      mode: 'async',
      webhookUrl: 'https://example.com/loa/tts-webhook',
      outputFormat: 'mp3',
      bitrate: 128,
      speed: 1,
      sampleRate: 22050,
    },
  })
export type V1TtsBody = z.infer<typeof v1TtsBody>

export const v1Status = z.enum(['IN_PROGRESS', 'SUCCESS', 'FAILURE'])

/** What POST /v1/tts answers: the request id at once (async), or the finished request (sync). */
export const v1Request = z
  .object({
    requestId: z.string(),
    status: v1Status,
    progress: z.number(),
    voiceCode: z.string(),
    /** mp3, wav, pcm (16-bit signed little-endian mono at `sampleRate`, served as application/octet-stream), ulaw, alaw, ulaw_wav, alaw_wav (8 kHz G.711). */
    outputFormat: z.string(),
    sampleRate: z.number(),
    characters: z.number(),
    /** Credits charged (set once the request succeeded; repeated sentences are not charged again). */
    charactersCharged: z.number().nullable(),
    audioLink: z.string().nullable(),
    /** When `audioLink` and the timeline links stop working. */
    linkExpiresAt: z.string().nullable(),
    timeline: z.object({ srt: z.string(), vtt: z.string(), words: z.string() }).nullable(),
    /** When the retention sweep may delete the audio and timeline (API_AUDIO_RETENTION_DAYS after creation). */
    retainUntil: z.string().nullable(),
    /**
     * True once the retention sweep deleted the files: the links are null and `errorCode` is
     * `TTS_AUDIO_EXPIRED` (the synthesis itself succeeded; synthesize again for new audio).
     */
    audioDeleted: z.boolean(),
    audioDeletedAt: z.string().nullable(),
    durationMs: z.number().nullable(),
    /** Why there is no audio: the render's code (FAILURE), `CANCELLED`, or `TTS_AUDIO_EXPIRED` (deleted). */
    errorCode: z.string().nullable(),
    errorMessage: z.string().nullable(),
    createdAt: z.string(),
    finishedAt: z.string().nullable(),
  })
  .meta({
    example: {
      requestId: REQUEST_ID,
      status: 'SUCCESS',
      progress: 100,
      voiceCode: DEFAULT_VOICE,
      outputFormat: 'mp3',
      sampleRate: 22050,
      characters: 29,
      charactersCharged: 29,
      audioLink: AUDIO_LINK,
      linkExpiresAt: '2026-11-23T16:03:00.000Z',
      timeline: {
        srt: AUDIO_LINK.replace('audio.mp3', 'subtitles.srt'),
        vtt: AUDIO_LINK.replace('audio.mp3', 'subtitles.vtt'),
        words: AUDIO_LINK.replace('audio.mp3', 'timeline.json'),
      },
      retainUntil: '2026-11-26T16:00:00.000Z',
      audioDeleted: false,
      audioDeletedAt: null,
      durationMs: 2140,
      errorCode: null,
      errorMessage: null,
      createdAt: '2026-11-23T16:00:00.000Z',
      finishedAt: '2026-11-23T16:00:01.200Z',
    },
  })
export type V1Request = z.infer<typeof v1Request>

const v1Example = (v1Request.meta() as { example: V1Request }).example

/** The poll's answer: the same shape, with a second example — a request whose audio the retention sweep deleted. */
export const v1PolledRequest = v1Request.meta({
  example: v1Example,
  examples: [
    v1Example,
    {
      ...v1Example,
      audioLink: null,
      linkExpiresAt: null,
      timeline: null,
      audioDeleted: true,
      audioDeletedAt: '2026-11-26T16:05:00.000Z',
      errorCode: 'TTS_AUDIO_EXPIRED',
      errorMessage: `The audio of request ${REQUEST_ID} was deleted on 2026-11-26T16:05:00.000Z after its retention period; synthesize the text again`,
    },
  ],
})

/** The /v1 error body, for the OpenAPI document. */
export const v1Error = z
  .object({
    error: z.object({ code: z.string(), message: z.string(), details: z.unknown().optional() }),
  })
  .meta({
    example: {
      error: {
        code: 'TTS_CCR_MAX_LIMIT_REACHED',
        message: 'At most 5 requests of this app may run at once',
        details: { max_concurrent: 5 },
      },
    },
  })

export const v1ErrorResponses = { 400: v1Error, 401: v1Error, 403: v1Error, 404: v1Error, 429: v1Error }

export const v1RequestParams = z.object({ requestId: z.string().max(100) })

/**
 * The webhook of a request made through `POST /v1/tts`, as an OpenAPI callback: the request as the poll answers
 * it (links valid 24 hours), signed in the `x-loa-signature` header like the old callback. Any 2xx acknowledges;
 * other answers and timeouts are retried with backoff (every attempt in `/api/v1/tts/{id}/callback-result`).
 */
export const v1WebhookDoc = {
  requestFinished: {
    '{$request.body#/webhookUrl}': {
      post: {
        summary: 'The request is final (SUCCESS or FAILURE)',
        requestBody: {
          description:
            'The request in the v1 shape (as GET /v1/tts/requests/{requestId} answers it); header ' +
            '`x-loa-signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>" with the app\'s callback secret>`.',
          content: {
            'application/json': {
              schema: z.toJSONSchema(v1Request, { target: 'openapi-3.0', io: 'output' }),
            },
          },
        },
        responses: {
          '200': { description: 'Any 2xx acknowledges the delivery; anything else is retried' },
        },
      },
    },
  },
}

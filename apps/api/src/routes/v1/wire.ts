import { DEFAULT_VOICE, MAX_SYNTHESIS_CHARACTERS } from '@loa/contracts'
import { BITRATE_RANGE, SAMPLE_RATE_RANGE, SPEED_RANGE } from '@loa/tts'
import { z } from 'zod'

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
    outputFormat: z.enum(['mp3', 'wav']).default('mp3'),
    bitrate: z.number().int().min(BITRATE_RANGE.min).max(BITRATE_RANGE.max).default(128),
    speed: z.number().min(SPEED_RANGE.min).max(SPEED_RANGE.max).default(1),
    sampleRate: z.number().int().min(SAMPLE_RATE_RANGE.min).max(SAMPLE_RATE_RANGE.max).default(22050),
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
    outputFormat: z.string(),
    characters: z.number(),
    /** Credits charged (set once the request succeeded; repeated sentences are not charged again). */
    charactersCharged: z.number().nullable(),
    audioLink: z.string().nullable(),
    /** When `audioLink` and the timeline links stop working. */
    linkExpiresAt: z.string().nullable(),
    timeline: z.object({ srt: z.string(), vtt: z.string(), words: z.string() }).nullable(),
    durationMs: z.number().nullable(),
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
      characters: 29,
      charactersCharged: 29,
      audioLink: AUDIO_LINK,
      linkExpiresAt: '2026-11-23T16:03:00.000Z',
      timeline: {
        srt: AUDIO_LINK.replace('audio.mp3', 'subtitles.srt'),
        vtt: AUDIO_LINK.replace('audio.mp3', 'subtitles.vtt'),
        words: AUDIO_LINK.replace('audio.mp3', 'timeline.json'),
      },
      durationMs: 2140,
      errorCode: null,
      errorMessage: null,
      createdAt: '2026-11-23T16:00:00.000Z',
      finishedAt: '2026-11-23T16:00:01.200Z',
    },
  })
export type V1Request = z.infer<typeof v1Request>

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

/**
 * `VOICE_PROVIDERS_FILE` (issue #26 §2): outside voice providers whose voices Loa sells. The file names the
 * environment variable that holds each key (`api_key_env`), never the key: keys stay out of files, the
 * database, logs and browsers. Parsed once at start-up by the apps' config.
 */
import { z } from 'zod'

export const VOICE_PROVIDER_KINDS = ['openai', 'azure', 'google', 'elevenlabs', 'fpt'] as const
export type VoiceProviderKind = (typeof VOICE_PROVIDER_KINDS)[number]

/** Error codes of provider voices: the synthesis fails with one of them, its credits released, no other voice used. */
export const ProviderErrorCode = {
  /** The provider cannot be reached, timed out, answered 5xx, or is paused after repeated failures. */
  PROVIDER_UNAVAILABLE: 'PROVIDER_UNAVAILABLE',
  /** The provider refused the operator's key (401/403). */
  PROVIDER_AUTH_FAILED: 'PROVIDER_AUTH_FAILED',
  /** The provider still answered 429 after Loa's retries. */
  PROVIDER_RATE_LIMITED: 'PROVIDER_RATE_LIMITED',
  /** The provider refused the request itself (400/404/415/422: voice, text or format). */
  PROVIDER_REJECTED: 'PROVIDER_REJECTED',
} as const
export type ProviderErrorCode = (typeof ProviderErrorCode)[keyof typeof ProviderErrorCode]

/** An enum written in any case in the file (`"premium"` or `"PREMIUM"`). */
const upper = <const T extends readonly [string, ...string[]]>(values: T) =>
  z
    .string()
    .transform((v) => v.toUpperCase())
    .pipe(z.enum(values))

export const providerVoiceSchema = z.object({
  /** Loa's voice code (the catalogue's and the API's). */
  code: z.string().regex(/^[\w.-]{1,100}$/, 'letters, digits, _ . - (at most 100)'),
  /** The provider's own voice id (OpenAI `voice`, Azure `<voice name>`, Google `voice.name`, ElevenLabs `voice_id`, FPT `voice`). */
  provider_voice: z.string().min(1).max(200),
  name: z.string().min(1).max(100),
  gender: upper(['MALE', 'FEMALE']),
  region: upper(['NORTH', 'CENTRAL', 'SOUTH']),
  tier: upper(['BASIC', 'NEURAL', 'PREMIUM']).default('PREMIUM'),
  credit_factor: z.number().positive().max(20).default(1),
  purposes: z
    .array(upper(['REVIEW_FILM', 'NEWS', 'AUDIO_BOOK', 'ADVERTISE']))
    .default(['NEWS', 'AUDIO_BOOK']),
  language_code: z.string().min(2).max(20).default('vi-VN'),
  attribution: z.string().max(500).optional(),
  licence: z.string().max(200).optional(),
})

export const voiceProviderSchema = z.object({
  id: z.string().regex(/^[a-z0-9][a-z0-9_-]{0,49}$/, 'lower-case letters, digits, _ - (at most 50)'),
  kind: z.enum(VOICE_PROVIDER_KINDS),
  /** API base (OpenAI-compatible: up to `/v1`; Azure: `https://{region}.tts.speech.microsoft.com`; FPT: `https://api.fpt.ai`). */
  base_url: z.url({ protocol: /^https?$/ }),
  /** The environment variable holding the key (absent: the server needs none, e.g. a private OpenAI-compatible box). */
  api_key_env: z
    .string()
    .regex(/^[A-Z_][A-Z0-9_]*$/)
    .optional(),
  /** Model (OpenAI `model`, ElevenLabs `model_id`). */
  model: z.string().min(1).max(100).optional(),
  /** Requests in flight at once (more wait their turn). */
  concurrency: z.number().int().min(1).max(100).default(4),
  /** How long a request may go without an answer, or without audio while it streams (each retry anew). */
  timeout_ms: z.number().int().min(100).max(600_000).default(60_000),
  /** Retries on 429/5xx/network errors (honouring Retry-After). */
  max_retries: z.number().int().min(0).max(5).default(2),
  /** Characters per request (at most the provider's own limit). */
  max_chars: z.number().int().min(50).max(40_000).optional(),
  /** Consecutive failed requests that pause the provider, and for how long. */
  breaker_failures: z.number().int().min(1).max(100).default(5),
  breaker_pause_ms: z.number().int().min(1000).max(3_600_000).default(30_000),
  voices: z.array(providerVoiceSchema).min(1),
})

export const voiceProvidersFileSchema = z
  .object({ providers: z.array(voiceProviderSchema) })
  .superRefine((file, ctx) => {
    const ids = new Set<string>()
    const codes = new Set<string>()
    for (const [i, p] of file.providers.entries()) {
      if (ids.has(p.id))
        ctx.addIssue({ code: 'custom', path: ['providers', i, 'id'], message: `duplicate id '${p.id}'` })
      ids.add(p.id)
      for (const [j, v] of p.voices.entries()) {
        if (codes.has(v.code))
          ctx.addIssue({
            code: 'custom',
            path: ['providers', i, 'voices', j, 'code'],
            message: `duplicate voice '${v.code}'`,
          })
        codes.add(v.code)
      }
    }
  })

export type VoiceProvidersFile = z.infer<typeof voiceProvidersFileSchema>
export type VoiceProviderEntry = z.infer<typeof voiceProviderSchema>
export type ProviderVoiceEntry = z.infer<typeof providerVoiceSchema>

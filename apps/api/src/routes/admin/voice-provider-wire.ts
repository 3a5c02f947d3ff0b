/**
 * The wire of the back-office's voice providers (`/admin/voice-providers`, issue #26 §2): what the Voices screen
 * sends to add or change a provider, and what it reads back. A key is never on the wire: an entry names the
 * environment variable holding it, and the answer says only whether this server has that variable.
 */
import { VOICE_PROVIDER_KINDS, type VoiceProviderEntry } from '@loa/contracts'
import { voiceRegistry, type StoredProvider } from '@loa/synthesis'
import type { ProviderConfig } from '@loa/tts'
import { z } from 'zod'

const voiceInput = z
  .object({
    code: z.string().describe("Loa's voice code (the catalogue's and the API's)"),
    provider_voice: z.string().describe("The provider's own voice id"),
    name: z.string(),
    gender: z.enum(['MALE', 'FEMALE']),
    region: z.enum(['NORTH', 'CENTRAL', 'SOUTH']),
    language_code: z.string().optional().describe('BCP 47, default vi-VN'),
  })
  .strict()

/** A provider as the screen sends it (the file's fields; the contract's schema checks the values). */
export const providerInput = z
  .object({
    kind: z.enum(VOICE_PROVIDER_KINDS).describe('Provider kind: openai, azure, google, elevenlabs or fpt'),
    base_url: z.string().describe('The API base (OpenAI-compatible: up to /v1)'),
    api_key_env: z
      .string()
      .nullable()
      .optional()
      .describe('The environment variable that holds the key (VOICE_KEY_…); null or absent: no key'),
    model: z
      .string()
      .nullable()
      .optional()
      .describe("Model (OpenAI `model`, ElevenLabs `model_id`); null: the kind's default"),
    concurrency: z
      .number()
      .int()
      .optional()
      .describe('Requests in flight at once (1–100; more wait their turn)'),
    timeout_ms: z
      .number()
      .int()
      .optional()
      .describe('How long a request may go without an answer or audio, in ms'),
    max_retries: z.number().int().optional().describe('Retries on 429/5xx/network errors (0–5)'),
    max_chars: z
      .number()
      .int()
      .nullable()
      .optional()
      .describe("Characters per request (at most the provider's own limit); null: the provider's limit"),
    breaker_failures: z
      .number()
      .int()
      .optional()
      .describe('Failed requests in a row that pause the provider'),
    breaker_pause_ms: z.number().int().optional().describe('How long a paused provider stays paused, in ms'),
    enabled: z
      .boolean()
      .default(true)
      .describe('Whether the provider is spoken through (its voices offered) (default true)'),
    voices: z.array(voiceInput).min(1).max(100).describe('The voices Loa sells through the provider'),
  })
  .strict()
export type ProviderInput = z.infer<typeof providerInput>

/** The entry the contract's schema is asked about: nulls (a cleared field) dropped. */
export const entryOf = (id: string, input: ProviderInput): Record<string, unknown> => {
  const { enabled: _enabled, ...fields } = input
  return {
    id,
    ...Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== null && v !== undefined)),
  }
}

export const providerWire = z.object({
  id: z.string().describe("The provider's id (the catalogue voices' `provider`)"),
  source: z
    .enum(['file', 'screen'])
    .describe('file: VOICE_PROVIDERS_FILE (read-only here); screen: added here'),
  kind: z.string().describe('Provider kind: openai, azure, google, elevenlabs or fpt'),
  base_url: z.string().describe('The API base'),
  api_key_env: z.string().nullable().describe('The environment variable holding the key; null: no key'),
  key_set: z.boolean().describe('Whether this server has the named key variable (never its value)'),
  model: z
    .string()
    .nullable()
    .describe("Model (OpenAI `model`, ElevenLabs `model_id`); null: the kind's default"),
  concurrency: z.number().describe('Requests in flight at once (1–100; more wait their turn)'),
  timeout_ms: z.number().describe('How long a request may go without an answer or audio, in ms'),
  max_retries: z.number().describe('Retries on 429/5xx/network errors (0–5)'),
  max_chars: z
    .number()
    .nullable()
    .describe("Characters per request (at most the provider's own limit); null: the provider's limit"),
  breaker_failures: z.number().describe('Failed requests in a row that pause the provider'),
  breaker_pause_ms: z.number().describe('How long a paused provider stays paused, in ms'),
  enabled: z.boolean().describe('Whether the provider is spoken through (its voices offered)'),
  state: z
    .enum(['available', 'paused', 'off'])
    .describe('available / paused (circuit breaker open): spoken through; off: disabled or not usable'),
  problem: z.string().nullable().describe('Why an enabled provider is not spoken through'),
  voices: z
    .array(
      z.object({
        code: z.string().describe("Loa's voice code"),
        provider_voice: z.string().describe("The provider's own voice id"),
        name: z.string().describe('Display name'),
        gender: z.string().describe('MALE or FEMALE'),
        region: z.string().describe('NORTH, CENTRAL or SOUTH'),
        language_code: z.string().describe('BCP 47 language of the voice'),
      }),
    )
    .describe('The voices Loa sells through the provider'),
  updated_at: z.string().nullable().describe('Last change on the screen; null for the file'),
})

const stateOf = (entry: VoiceProviderEntry): 'available' | 'paused' | 'off' => {
  const live = voiceRegistry.find(entry.voices[0]!.code)?.provider
  return live?.id === entry.id ? (live.state === 'paused' ? 'paused' : 'available') : 'off'
}

const fieldsOf = (entry: VoiceProviderEntry) => ({
  kind: entry.kind,
  base_url: entry.base_url,
  api_key_env: entry.api_key_env ?? null,
  model: entry.model ?? null,
  concurrency: entry.concurrency,
  timeout_ms: entry.timeout_ms,
  max_retries: entry.max_retries,
  max_chars: entry.max_chars ?? null,
  breaker_failures: entry.breaker_failures,
  breaker_pause_ms: entry.breaker_pause_ms,
  voices: entry.voices.map((v) => ({
    code: v.code,
    provider_voice: v.provider_voice,
    name: v.name,
    gender: v.gender,
    region: v.region,
    language_code: v.language_code,
  })),
})

export const fileProviderToWire = (p: ProviderConfig): z.infer<typeof providerWire> => ({
  id: p.id,
  source: 'file',
  ...fieldsOf(p),
  key_set: !p.api_key_env || p.apiKey?.() !== undefined,
  enabled: true,
  state: stateOf(p),
  problem: null,
  updated_at: null,
})

export const storedProviderToWire = (
  row: StoredProvider,
  keyOf: (name: string) => string | undefined,
): z.infer<typeof providerWire> => {
  const entry = row.entry
  const state = entry && row.enabled ? stateOf(entry) : 'off'
  const raw = row.raw as Partial<VoiceProviderEntry>
  return {
    id: row.id,
    source: 'screen',
    ...(entry
      ? fieldsOf(entry)
      : {
          kind: String(raw.kind ?? ''),
          base_url: String(raw.base_url ?? ''),
          api_key_env: raw.api_key_env ?? null,
          model: null,
          concurrency: 0,
          timeout_ms: 0,
          max_retries: 0,
          max_chars: null,
          breaker_failures: 0,
          breaker_pause_ms: 0,
          voices: [],
        }),
    key_set: !entry?.api_key_env || keyOf(entry.api_key_env) !== undefined,
    enabled: row.enabled,
    state,
    problem:
      row.problem ??
      (row.enabled && state === 'off' ? 'its id or a voice code is taken by another provider' : null),
    updated_at: row.updatedAt.toISOString(),
  }
}

export const probeWire = z.object({
  ok: z.boolean(),
  voice: z.string().describe('The voice code spoken with'),
  ms: z.number().describe('How long the provider took, in ms'),
  audio_ms: z.number().nullable().describe('Milliseconds of audio that came back'),
  sample_rate: z.number().nullable(),
  error_code: z.string().nullable().describe('PROVIDER_UNAVAILABLE, PROVIDER_AUTH_FAILED, … when not ok'),
  error_message: z.string().nullable(),
})

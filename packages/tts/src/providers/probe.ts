/**
 * "Test connection" for the /admin Voices screen (issue #26 §2): one short sentence spoken through a provider, as
 * configured, with a client of its own — one try, no retries, so the answer comes at once and the live client's
 * circuit breaker and concurrency slots are not touched. The result is coded like a synthesis failure
 * (`PROVIDER_*`), or says how much audio came back.
 */
import { TtsError, type TtsErrorCode } from '../errors.ts'
import { createProviderClient } from './client.ts'
import { adapterFor } from './kinds.ts'
import type { ProviderConfig } from './types.ts'

/** What the probe says: Vietnamese and plain, so every kind (SSML or not) takes it as it is. */
export const PROBE_TEXT = 'Xin chào, đây là Loa.'

export type ProbeResult =
  | { ok: true; voice: string; ms: number; audioMs: number; sampleRate: number }
  | { ok: false; voice: string; ms: number; code: TtsErrorCode | 'PROVIDER_NO_AUDIO'; message: string }

export const probeProvider = async (
  config: ProviderConfig,
  /** The Loa voice code to speak with (default: the provider's first voice). */
  voiceCode?: string,
): Promise<ProbeResult> => {
  const voice = config.voices.find((v) => v.code === voiceCode) ?? config.voices[0]!
  const started = performance.now()
  const elapsed = () => Math.round(performance.now() - started)
  const client = createProviderClient({ ...config, max_retries: 0, concurrency: 1 })
  try {
    const adapter = await adapterFor(config.kind)
    let samples = 0
    const sampleRate = await client.run(undefined, async (http) => {
      const audio = await adapter.synthesize(
        {
          text: PROBE_TEXT,
          voice: {
            providerId: config.id,
            kind: config.kind,
            providerVoice: voice.provider_voice,
            languageCode: voice.language_code,
          },
          speed: 1,
          sampleRate: 24_000,
        },
        http,
      )
      for await (const pcm of audio.pcm) samples += pcm.length
      return audio.sampleRate
    })
    if (samples === 0)
      return {
        ok: false,
        voice: voice.code,
        ms: elapsed(),
        code: 'PROVIDER_NO_AUDIO',
        message: `${config.id} answered without audio`,
      }
    return {
      ok: true,
      voice: voice.code,
      ms: elapsed(),
      audioMs: Math.round((samples / sampleRate) * 1000),
      sampleRate,
    }
  } catch (error) {
    const coded =
      error instanceof TtsError ? error : new TtsError('PROVIDER_UNAVAILABLE', (error as Error).message)
    return { ok: false, voice: voice.code, ms: elapsed(), code: coded.code, message: coded.message }
  }
}

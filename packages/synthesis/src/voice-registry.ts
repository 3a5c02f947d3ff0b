/**
 * The one voice registry the API, the worker, dubbing, the CLI and the back-office ask (issue #26): every voice
 * Loa can speak — built-in eSpeak voices, installed Piper voices, provider voices from `VOICE_PROVIDERS_FILE` —
 * with the facts a caller needs (engine, tier, credit factor, credit line, licence, a provider's state), and the
 * ranges of the synthesis parameters. The voices themselves live in @loa/tts (which speaks them); callers outside
 * the synthesis domain ask here instead of reaching into the engine.
 */
import {
  BITRATE_RANGE,
  configureVoiceProviders,
  findVoice,
  listVoices,
  onProviderStateChange,
  providerState,
  SAMPLE_RATE_RANGE,
  SPEED_RANGE,
  voiceEngine,
  type LoaVoice,
  type ProviderState,
} from '@loa/tts'

/** Speed, MP3 bitrate (kbps) and sample rate (Hz) a synthesis accepts. */
export const SYNTHESIS_RANGES = {
  speed: SPEED_RANGE,
  bitrate: BITRATE_RANGE,
  sampleRate: SAMPLE_RATE_RANGE,
} as const

export interface VoiceFacts {
  code: string
  name: string
  engine: 'espeak' | 'piper' | 'provider'
  tier: LoaVoice['tier']
  creditFactor: number
  attribution?: string
  licence?: string
  /** Provider voices: the provider entry, its kind and whether it answers now (`paused` = circuit breaker open). */
  provider?: { id: string; kind: string; state: ProviderState }
}

const factsOf = (voice: LoaVoice): VoiceFacts => ({
  code: voice.code,
  name: voice.name,
  engine: voiceEngine(voice),
  tier: voice.tier,
  creditFactor: voice.creditFactor ?? 1,
  ...(voice.attribution ? { attribution: voice.attribution } : {}),
  ...(voice.licence ? { licence: voice.licence } : {}),
  ...(voice.provider
    ? {
        provider: {
          id: voice.provider.providerId,
          kind: voice.provider.kind,
          state: providerState(voice.provider.providerId) ?? 'paused',
        },
      }
    : {}),
})

export const voiceRegistry = {
  /** Every voice Loa speaks now, by rank. */
  list: (): VoiceFacts[] => listVoices().map(factsOf),
  /** The voice with this engine code, if Loa speaks it. */
  find: (code: string): VoiceFacts | undefined => {
    const voice = findVoice(code)
    return voice ? factsOf(voice) : undefined
  },
  /** Provider voices only (the catalogue sync). */
  providerVoices: (): LoaVoice[] => listVoices().filter((v) => v.provider !== undefined),
  /** Sets the providers this process speaks through (the apps' config, `VOICE_PROVIDERS_FILE`). */
  configureProviders: configureVoiceProviders,
  /** Called when a provider is paused or answers again. */
  onProviderStateChange,
}

import type { app as t } from '@loa/db'
import { voiceRegistry } from '@loa/synthesis'

export type VoiceRow = typeof t.voices.$inferSelect

/** The voice behind a catalogue row in the voice registry (a neural or provider voice; eSpeak seeds name none). */
const spoken = (v: VoiceRow) => (v.engineVoice ? voiceRegistry.find(v.engineVoice) : undefined)

/** Wire shape of a voice (snake_case). `audio_link` repeats the sample URL under the player's name. */
export const voiceToWire = (v: VoiceRow) => ({
  code: v.code,
  name: v.name,
  gender: v.gender,
  region: v.region,
  language_code: v.languageCode,
  features: v.features,
  /** The tier (BASIC = eSpeak, NEURAL = installed Piper, provider voices the operator's). */
  level: v.level,
  /** Multiplies the characters billed with this voice (Vbee's credit_factor). */
  credit_factor: v.creditFactor,
  description: v.description,
  provider: v.provider,
  sample_audio_url: v.sampleAudioUrl,
  audio_link: v.sampleAudioUrl,
  avatar_url: v.avatarUrl,
  has_dubbing: v.hasDubbing,
  is_sample: v.isSample,
  global: v.global,
  active: v.active,
  rank: v.rank,
  /** `piper` for installed neural voices, `provider` for voices of an outside provider, `espeak` for the built-in ones. */
  engine: spoken(v)?.engine ?? 'espeak',
  /** Provider voices: `available`, or `paused` while the provider keeps failing (circuit breaker); null otherwise. */
  provider_state: spoken(v)?.provider?.state ?? null,
  /** Who made the voice (the credit line its licence asks for): the catalogue's, else the neural voice's own. */
  attribution: v.attribution ?? spoken(v)?.attribution ?? null,
  /** The voice's licence: the catalogue's, else the neural voice's own; null = Loa's own voice. */
  licence: v.licence ?? spoken(v)?.licence ?? null,
})

export type VoiceWire = ReturnType<typeof voiceToWire>
export const VOICE_FIELDS = Object.keys(voiceToWire({} as VoiceRow)) as (keyof VoiceWire)[]

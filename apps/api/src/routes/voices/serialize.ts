import type { app as t } from '@loa/db'
import { findVoice } from '@loa/tts'
import { NEURAL_PROVIDER } from '../../services/neural-voices.ts'

export type VoiceRow = typeof t.voices.$inferSelect

/** The installed neural voice behind a catalogue row (its sidecar's credit line and licence). */
const installed = (v: VoiceRow) => (v.provider === NEURAL_PROVIDER ? findVoice(v.engineVoice) : undefined)

/** Wire shape of a voice (snake_case). `audio_link` repeats the sample URL under the player's name. */
export const voiceToWire = (v: VoiceRow) => ({
  code: v.code,
  name: v.name,
  gender: v.gender,
  region: v.region,
  language_code: v.languageCode,
  features: v.features,
  level: v.level,
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
  /** `piper` for installed neural voices, `espeak` for the built-in ones. */
  engine: v.provider === NEURAL_PROVIDER ? 'piper' : 'espeak',
  /** Who made the voice (the credit line its licence asks for): the catalogue's, else the neural voice's own. */
  attribution: v.attribution ?? installed(v)?.attribution ?? null,
  /** The voice's licence: the catalogue's, else the neural voice's own; null = Loa's own voice. */
  licence: v.licence ?? installed(v)?.licence ?? null,
})

export type VoiceWire = ReturnType<typeof voiceToWire>
export const VOICE_FIELDS = Object.keys(voiceToWire({} as VoiceRow)) as (keyof VoiceWire)[]

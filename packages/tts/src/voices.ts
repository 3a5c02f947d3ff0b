/** The voices the engine speaks: the built-in ones (listed in @loa/contracts) and installed neural voices. */
import { BUILT_IN_ENGINE_VOICES, DEFAULT_ENGINE_VOICE, type EngineVoice } from '@loa/contracts'
import { TtsError } from './errors.ts'
import type { ProviderVoiceRef } from './providers/types.ts'
import { providerVoices } from './providers/state.ts'
import { installedVoices } from './voices-installed.ts'

export type Gender = EngineVoice['gender']
export type VoicePurpose = EngineVoice['purposes'][number]
export type EngineId = 'espeak-native' | 'espeak-wasm' | 'piper'

/** A neural voice in Piper's format (`NAME.onnx` + `NAME.onnx.json`), spoken by the `piper` engine. */
export interface PiperVoiceRef {
  /** Absolute path of `NAME.onnx`. */
  model: string
  /** Absolute path of `NAME.onnx.json`. */
  config: string
  /** Speaker of a multi-speaker voice (Piper's default: 0). */
  speakerId?: number
  /** Changes whenever the voice's files change (part of the sentence-cache key). */
  fingerprint: string
  /** `NAME.sample.mp3` beside the model, once spoken (its arrival changes the list, so the catalogue publishes it). */
  sample?: string
}

/** How a Loa voice is rendered by the eSpeak engines (native and WASM share voices and variants). */
export interface VoiceEngineMapping {
  /** eSpeak voice: `vi` (Northern), `vi-vn-x-central`, `vi-vn-x-south`. */
  espeakVoice: 'vi' | 'vi-vn-x-central' | 'vi-vn-x-south'
  /** eSpeak variant (timbre/gender), e.g. `f3`, `m2`. */
  variant: string
  /** eSpeak pitch 0–99 (50 = default). */
  pitch: number
  /** eSpeak pitch range 0–99 (50 = default). */
  range: number
  /** Words per minute at speed 1.0 (eSpeak default 175). */
  rate: number
  /** Set for neural voices: the Piper voice that speaks (the eSpeak fields above are then unused). */
  piper?: PiperVoiceRef
}

/** A voice the engine speaks: the engine voice of @loa/contracts plus how the engine renders it. */
export interface LoaVoice extends EngineVoice {
  engine: VoiceEngineMapping
  /** Credit line the voice's licence asks for (neural voices, e.g. CC BY 4.0 datasets). */
  attribution?: string
  /** Licence of the voice (neural voices). */
  licence?: string
  /** Set for provider voices (`VOICE_PROVIDERS_FILE`): spoken by that provider, not by an engine of Loa's. */
  provider?: ProviderVoiceRef
}

/** How eSpeak speaks each built-in voice (`BUILT_IN_ENGINE_VOICES` of @loa/contracts). */
const ESPEAK: Record<string, VoiceEngineMapping> = {
  'vi-north-female-mai': { espeakVoice: 'vi', variant: 'f3', pitch: 58, range: 55, rate: 170 },
  'vi-north-male-minh': { espeakVoice: 'vi', variant: 'm3', pitch: 42, range: 50, rate: 175 },
  'vi-north-female-lan': { espeakVoice: 'vi', variant: 'f5', pitch: 62, range: 65, rate: 185 },
  'vi-north-male-khoi': { espeakVoice: 'vi', variant: 'm1', pitch: 38, range: 45, rate: 160 },
  'vi-central-female-huong': {
    espeakVoice: 'vi-vn-x-central',
    variant: 'f2',
    pitch: 56,
    range: 55,
    rate: 165,
  },
  'vi-central-male-phuong': {
    espeakVoice: 'vi-vn-x-central',
    variant: 'm2',
    pitch: 44,
    range: 50,
    rate: 170,
  },
  'vi-south-female-vy': { espeakVoice: 'vi-vn-x-south', variant: 'f4', pitch: 60, range: 60, rate: 180 },
  'vi-south-male-kien': { espeakVoice: 'vi-vn-x-south', variant: 'm4', pitch: 40, range: 50, rate: 170 },
  'vi-south-female-thao': { espeakVoice: 'vi-vn-x-south', variant: 'f1', pitch: 54, range: 50, rate: 165 },
}

/** The built-in voices, spoken by eSpeak. */
export const VOICES: readonly LoaVoice[] = BUILT_IN_ENGINE_VOICES.map((v) => {
  const engine = ESPEAK[v.code]
  if (!engine) throw new Error(`no eSpeak settings for the built-in voice '${v.code}'`)
  return { ...v, engine }
})

export const DEFAULT_VOICE_CODE = DEFAULT_ENGINE_VOICE

/**
 * All Loa voices — built-in eSpeak voices, installed neural voices, provider voices — ordered by rank. A code is
 * listed once: built-in first, then installed, then provider.
 */
export const listVoices = (): LoaVoice[] => {
  const seen = new Set<string>()
  return [...VOICES, ...installedVoices(), ...providerVoices()]
    .filter((v) => !seen.has(v.code) && seen.add(v.code))
    .sort((a, b) => a.rank - b.rank)
}

export const findVoice = (code: string): LoaVoice | undefined =>
  VOICES.find((v) => v.code === code) ??
  installedVoices().find((v) => v.code === code) ??
  providerVoices().find((v) => v.code === code)

/** The engine that speaks a voice: eSpeak, Piper, or an outside provider. */
export const voiceEngine = (voice: LoaVoice): 'espeak' | 'piper' | 'provider' =>
  voice.provider ? 'provider' : voice.engine.piper ? 'piper' : 'espeak'

/** The voice with that code, or `TTS_UNKNOWN_VOICE`. */
export const getVoice = (code: string): LoaVoice => {
  const found = findVoice(code)
  if (!found) {
    throw new TtsError(
      'TTS_UNKNOWN_VOICE',
      `Unknown voice '${code}'. Known voices: ${listVoices()
        .map((v) => v.code)
        .join(', ')}`,
    )
  }
  return found
}

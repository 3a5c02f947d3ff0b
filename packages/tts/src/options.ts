/** Synthesis request options, their defaults and their validation (`TTS_INVALID_OPTION`). */
import type { DictionaryEntry } from './normalize/types.ts'
import { TtsError } from './errors.ts'
import type { EngineId } from './voices.ts'

export type AudioFormat = 'mp3' | 'wav'

/** Pauses in milliseconds (Vbee's `clientPause` defaults). */
export interface PauseSettings {
  /** After a sentence (. ! ? …). */
  sentenceMs: number
  /** After a major break (; :). */
  majorMs: number
  /** After a medium break (,). */
  mediumMs: number
  /** Between paragraphs (blank line). */
  paragraphMs: number
}

export type EnginePreference = 'auto' | EngineId

export interface SynthesisOptions {
  voice: string
  format?: AudioFormat
  /** 0.25–1.9; 1 = the voice's natural rate. */
  speed?: number
  /** MP3 bitrate in kbps, 8–160 (snapped to the nearest bitrate MPEG allows at the sample rate). */
  bitrate?: number
  /** 8000–48000 Hz (MP3: one of the MPEG sample rates). */
  sampleRate?: number
  pauses?: Partial<PauseSettings>
  /** Bring every sentence to the same loudness (default true). */
  normalizeVolume?: boolean
  /** Pronunciation dictionary applied by the normalizer before its rules. */
  dictionary?: readonly DictionaryEntry[]
  /** Which engine renders the speech: `auto` = native espeak-ng when installed, else WASM. */
  engine?: EnginePreference
  /** Longest accepted input in characters (default 500,000). */
  maxCharacters?: number
}

export interface ResolvedOptions {
  voice: string
  format: AudioFormat
  speed: number
  bitrate: number
  sampleRate: number
  pauses: PauseSettings
  normalizeVolume: boolean
  dictionary: readonly DictionaryEntry[]
  engine: EnginePreference
  maxCharacters: number
}

export const SPEED_RANGE = { min: 0.25, max: 1.9 } as const
export const BITRATE_RANGE = { min: 8, max: 160 } as const
export const SAMPLE_RATE_RANGE = { min: 8000, max: 48000 } as const
export const PAUSE_RANGE_MS = { min: 0, max: 10_000 } as const
export const MP3_SAMPLE_RATES = [8000, 11025, 12000, 16000, 22050, 24000, 32000, 44100, 48000] as const
export const ENGINE_SAMPLE_RATE = 22050
export const DEFAULT_PAUSES: PauseSettings = {
  sentenceMs: 450,
  majorMs: 300,
  mediumMs: 250,
  paragraphMs: 600,
}
export const DEFAULT_MAX_CHARACTERS = 500_000

const invalid = (message: string): TtsError => new TtsError('TTS_INVALID_OPTION', message)

const checkNumber = (name: string, value: number, min: number, max: number, integer = false): number => {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < min || value > max) {
    throw invalid(`${name} must be ${integer ? 'an integer ' : 'a number '}between ${min} and ${max}`)
  }
  if (integer && !Number.isInteger(value))
    throw invalid(`${name} must be an integer between ${min} and ${max}`)
  return value
}

/** Bitrates (kbps) LAME accepts per MPEG version, within Loa's 8–160 range. */
const MPEG1_BITRATES = [32, 40, 48, 56, 64, 80, 96, 112, 128, 160]
const MPEG2_BITRATES = [8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160]
/** The encoder (wasm-media-encoders) takes only these constant bitrates. */
const ENCODER_BITRATES = new Set([8, 16, 24, 32, 40, 48, 64, 80, 96, 112, 128, 160])

/** The bitrate the MP3 encoder will really use: the allowed value nearest to the requested one. */
export const effectiveBitrate = (bitrate: number, sampleRate: number): number => {
  const table = (sampleRate >= 32000 ? MPEG1_BITRATES : MPEG2_BITRATES).filter((b) => ENCODER_BITRATES.has(b))
  return table.reduce((best, b) => (Math.abs(b - bitrate) < Math.abs(best - bitrate) ? b : best), table[0]!)
}

const resolvePauses = (pauses: Partial<PauseSettings> | undefined): PauseSettings => {
  const out = { ...DEFAULT_PAUSES }
  for (const key of Object.keys(DEFAULT_PAUSES) as (keyof PauseSettings)[]) {
    const value = pauses?.[key]
    if (value !== undefined)
      out[key] = checkNumber(`pauses.${key}`, value, PAUSE_RANGE_MS.min, PAUSE_RANGE_MS.max)
  }
  return out
}

/** Fills defaults and validates every option; throws `TTS_INVALID_OPTION` with a message naming the option. */
export const resolveOptions = (options: SynthesisOptions): ResolvedOptions => {
  const format = options.format ?? 'mp3'
  if (format !== 'mp3' && format !== 'wav') throw invalid(`format must be 'mp3' or 'wav'`)
  const speed = checkNumber('speed', options.speed ?? 1, SPEED_RANGE.min, SPEED_RANGE.max)
  const sampleRate = checkNumber(
    'sampleRate',
    options.sampleRate ?? ENGINE_SAMPLE_RATE,
    SAMPLE_RATE_RANGE.min,
    SAMPLE_RATE_RANGE.max,
    true,
  )
  if (format === 'mp3' && !(MP3_SAMPLE_RATES as readonly number[]).includes(sampleRate)) {
    throw invalid(`sampleRate for MP3 must be one of ${MP3_SAMPLE_RATES.join(', ')}`)
  }
  const requested = checkNumber('bitrate', options.bitrate ?? 128, BITRATE_RANGE.min, BITRATE_RANGE.max)
  const engine = options.engine ?? 'auto'
  if (!['auto', 'espeak-native', 'espeak-wasm'].includes(engine)) {
    throw invalid(`engine must be 'auto', 'espeak-native' or 'espeak-wasm'`)
  }
  const maxCharacters = checkNumber(
    'maxCharacters',
    options.maxCharacters ?? DEFAULT_MAX_CHARACTERS,
    1,
    10_000_000,
  )
  return {
    voice: options.voice,
    format,
    speed,
    bitrate: format === 'mp3' ? effectiveBitrate(requested, sampleRate) : 0,
    sampleRate,
    pauses: resolvePauses(options.pauses),
    normalizeVolume: options.normalizeVolume ?? true,
    dictionary: options.dictionary ?? [],
    engine,
    maxCharacters,
  }
}

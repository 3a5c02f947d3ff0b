/** The Loa voice catalogue: product voices mapped onto engine voices. The API seeds its catalogue from it. */
import type { Region } from './normalize/types.ts'
import { TtsError } from './errors.ts'
import { installedVoices } from './voices-installed.ts'

export type Gender = 'MALE' | 'FEMALE'
export type VoicePurpose = 'REVIEW_FILM' | 'NEWS' | 'AUDIO_BOOK' | 'ADVERTISE'
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

export interface LoaVoice {
  code: string
  name: string
  languageCode: 'vi-VN'
  region: Region
  gender: Gender
  purposes: readonly VoicePurpose[]
  /** Commercial level shown in the catalogue. */
  level: 'STANDARD' | 'PREMIUM'
  /** Display order (1 = first). */
  rank: number
  engine: VoiceEngineMapping
  /** Credit line the voice's licence asks for (neural voices, e.g. CC BY 4.0 datasets). */
  attribution?: string
  /** Licence of the voice (neural voices). */
  licence?: string
}

const voice = (
  code: string,
  name: string,
  region: Region,
  gender: Gender,
  purposes: VoicePurpose[],
  level: LoaVoice['level'],
  rank: number,
  engine: VoiceEngineMapping,
): LoaVoice => ({ code, name, languageCode: 'vi-VN', region, gender, purposes, level, rank, engine })

export const VOICES: readonly LoaVoice[] = [
  voice('vi-north-female-mai', 'Mai (Hà Nội)', 'NORTH', 'FEMALE', ['NEWS', 'AUDIO_BOOK'], 'STANDARD', 1, {
    espeakVoice: 'vi',
    variant: 'f3',
    pitch: 58,
    range: 55,
    rate: 170,
  }),
  voice('vi-north-male-minh', 'Minh (Hà Nội)', 'NORTH', 'MALE', ['NEWS', 'REVIEW_FILM'], 'STANDARD', 2, {
    espeakVoice: 'vi',
    variant: 'm3',
    pitch: 42,
    range: 50,
    rate: 175,
  }),
  voice(
    'vi-north-female-lan',
    'Lan (Hà Nội)',
    'NORTH',
    'FEMALE',
    ['ADVERTISE', 'REVIEW_FILM'],
    'PREMIUM',
    3,
    {
      espeakVoice: 'vi',
      variant: 'f5',
      pitch: 62,
      range: 65,
      rate: 185,
    },
  ),
  voice('vi-north-male-khoi', 'Khôi (Hà Nội)', 'NORTH', 'MALE', ['AUDIO_BOOK'], 'PREMIUM', 4, {
    espeakVoice: 'vi',
    variant: 'm1',
    pitch: 38,
    range: 45,
    rate: 160,
  }),
  voice(
    'vi-central-female-huong',
    'Hương (Huế)',
    'CENTRAL',
    'FEMALE',
    ['AUDIO_BOOK', 'NEWS'],
    'STANDARD',
    5,
    {
      espeakVoice: 'vi-vn-x-central',
      variant: 'f2',
      pitch: 56,
      range: 55,
      rate: 165,
    },
  ),
  voice('vi-central-male-phuong', 'Phương (Huế)', 'CENTRAL', 'MALE', ['REVIEW_FILM', 'NEWS'], 'STANDARD', 6, {
    espeakVoice: 'vi-vn-x-central',
    variant: 'm2',
    pitch: 44,
    range: 50,
    rate: 170,
  }),
  voice(
    'vi-south-female-vy',
    'Vy (Sài Gòn)',
    'SOUTH',
    'FEMALE',
    ['ADVERTISE', 'REVIEW_FILM'],
    'STANDARD',
    7,
    {
      espeakVoice: 'vi-vn-x-south',
      variant: 'f4',
      pitch: 60,
      range: 60,
      rate: 180,
    },
  ),
  voice('vi-south-male-kien', 'Kiên (Sài Gòn)', 'SOUTH', 'MALE', ['NEWS', 'AUDIO_BOOK'], 'STANDARD', 8, {
    espeakVoice: 'vi-vn-x-south',
    variant: 'm4',
    pitch: 40,
    range: 50,
    rate: 170,
  }),
  voice('vi-south-female-thao', 'Thảo (Sài Gòn)', 'SOUTH', 'FEMALE', ['AUDIO_BOOK', 'NEWS'], 'PREMIUM', 9, {
    espeakVoice: 'vi-vn-x-south',
    variant: 'f1',
    pitch: 54,
    range: 50,
    rate: 165,
  }),
]

export const DEFAULT_VOICE_CODE = 'vi-north-female-mai'

/** All Loa voices (built-in eSpeak voices and installed neural voices), ordered by rank. */
export const listVoices = (): LoaVoice[] =>
  [...VOICES, ...installedVoices().filter((v) => !VOICES.some((b) => b.code === v.code))].sort(
    (a, b) => a.rank - b.rank,
  )

export const findVoice = (code: string): LoaVoice | undefined =>
  VOICES.find((v) => v.code === code) ?? installedVoices().find((v) => v.code === code)

/** The engine that speaks a voice. */
export const voiceEngine = (voice: LoaVoice): 'espeak' | 'piper' => (voice.engine.piper ? 'piper' : 'espeak')

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

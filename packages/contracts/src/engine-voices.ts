import type { Region, VoicePurpose } from './catalogue.ts'
import type { VoiceTier } from './voice-tiers.ts'

/**
 * A voice the speech engine (@loa/tts) speaks, as the rest of Loa knows it: the catalogue seed maps product voices
 * onto these codes (`engine_voice`), the services list them. How the engine renders one (eSpeak settings, Piper
 * files) stays in @loa/tts, keyed by `code`.
 */
export interface EngineVoice {
  code: string
  name: string
  languageCode: 'vi-VN'
  region: Region
  gender: 'MALE' | 'FEMALE'
  purposes: readonly VoicePurpose[]
  /** Tier shown in the catalogue (`voices.level`): BASIC = eSpeak, NEURAL = installed Piper, provider = operator's. */
  tier: VoiceTier
  /** Multiplies the characters billed with this voice (Vbee's `credit_factor`); absent = 1. */
  creditFactor?: number
  /** Display order (1 = first). */
  rank: number
}

const voice = (
  code: string,
  name: string,
  region: Region,
  gender: EngineVoice['gender'],
  purposes: VoicePurpose[],
  rank: number,
): EngineVoice => ({ code, name, languageCode: 'vi-VN', region, gender, purposes, tier: 'BASIC', rank })

/** The engine's built-in voices: eSpeak, so all BASIC (installed neural voices come on top, in @loa/tts). */
export const BUILT_IN_ENGINE_VOICES: readonly EngineVoice[] = [
  voice('vi-north-female-mai', 'Mai (Hà Nội)', 'NORTH', 'FEMALE', ['NEWS', 'AUDIO_BOOK'], 1),
  voice('vi-north-male-minh', 'Minh (Hà Nội)', 'NORTH', 'MALE', ['NEWS', 'REVIEW_FILM'], 2),
  voice('vi-north-female-lan', 'Lan (Hà Nội)', 'NORTH', 'FEMALE', ['ADVERTISE', 'REVIEW_FILM'], 3),
  voice('vi-north-male-khoi', 'Khôi (Hà Nội)', 'NORTH', 'MALE', ['AUDIO_BOOK'], 4),
  voice('vi-central-female-huong', 'Hương (Huế)', 'CENTRAL', 'FEMALE', ['AUDIO_BOOK', 'NEWS'], 5),
  voice('vi-central-male-phuong', 'Phương (Huế)', 'CENTRAL', 'MALE', ['REVIEW_FILM', 'NEWS'], 6),
  voice('vi-south-female-vy', 'Vy (Sài Gòn)', 'SOUTH', 'FEMALE', ['ADVERTISE', 'REVIEW_FILM'], 7),
  voice('vi-south-male-kien', 'Kiên (Sài Gòn)', 'SOUTH', 'MALE', ['NEWS', 'AUDIO_BOOK'], 8),
  voice('vi-south-female-thao', 'Thảo (Sài Gòn)', 'SOUTH', 'FEMALE', ['AUDIO_BOOK', 'NEWS'], 9),
]

/** The engine voice spoken when none is named (`loa speak`, the engine's own default). */
export const DEFAULT_ENGINE_VOICE = 'vi-north-female-mai'

import { VOICES } from '@loa/tts'

/**
 * Which @loa/tts voice speaks a catalogue voice: the tts voice of the same region and gender, preferring
 * one made for the same purposes. The catalogue's codes are product names; `engine_voice` holds the tts code.
 */
export const engineVoiceFor = (
  region: 'NORTH' | 'CENTRAL' | 'SOUTH',
  gender: 'MALE' | 'FEMALE',
  features: readonly string[],
): string => {
  const same = VOICES.filter((v) => v.region === region && v.gender === gender)
  const pool = same.length ? same : VOICES.filter((v) => v.region === region)
  const best = pool.find((v) => v.purposes.some((p) => features.includes(p))) ?? pool[0] ?? VOICES[0]!
  return best.code
}

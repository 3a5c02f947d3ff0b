import { BUILT_IN_ENGINE_VOICES as VOICES, type EngineVoice, type Region } from '@loa/contracts'

/**
 * Which engine voice speaks a catalogue voice: the built-in engine voice (@loa/contracts, spoken by @loa/tts) of the
 * same region and gender, preferring one made for the same purposes. The catalogue's codes are product names;
 * `engine_voice` holds the engine code.
 */
export const engineVoiceFor = (
  region: Region,
  gender: EngineVoice['gender'],
  features: readonly string[],
): string => {
  const same = VOICES.filter((v) => v.region === region && v.gender === gender)
  const pool = same.length ? same : VOICES.filter((v) => v.region === region)
  const best = pool.find((v) => v.purposes.some((p) => features.includes(p))) ?? pool[0] ?? VOICES[0]!
  return best.code
}

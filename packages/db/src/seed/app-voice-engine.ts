/**
 * Which @loa/tts engine voice speaks a catalogue voice: eSpeak NG's Vietnamese voices per region
 * (Northern `vi`, Central `vi-vn-x-central`, Southern `vi-vn-x-south`) with a gender variant.
 */
const REGION_VOICE = { NORTH: 'vi', CENTRAL: 'vi-vn-x-central', SOUTH: 'vi-vn-x-south' } as const

export const engineVoiceFor = (region: keyof typeof REGION_VOICE, gender: 'MALE' | 'FEMALE'): string =>
  `espeak:${REGION_VOICE[region]}+${gender === 'FEMALE' ? 'f3' : 'm3'}`

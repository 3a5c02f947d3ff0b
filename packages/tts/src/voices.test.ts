import { describe, expect, it } from 'vitest'
import { getEngine } from './engines/registry.ts'
import { TtsError } from './errors.ts'
import { VOICES, getVoice, listVoices } from './voices.ts'

describe('voice catalogue', () => {
  it('has at least two voices per region with both genders, unique codes and ranks', () => {
    for (const region of ['NORTH', 'CENTRAL', 'SOUTH'] as const) {
      const voices = VOICES.filter((v) => v.region === region)
      expect(voices.length).toBeGreaterThanOrEqual(2)
      expect(new Set(voices.map((v) => v.gender))).toEqual(new Set(['MALE', 'FEMALE']))
    }
    expect(new Set(VOICES.map((v) => v.code)).size).toBe(VOICES.length)
    expect(new Set(VOICES.map((v) => v.rank)).size).toBe(VOICES.length)
    expect(listVoices().map((v) => v.rank)).toEqual([...VOICES.map((v) => v.rank)].sort((a, b) => a - b))
  })

  it('maps each voice to its region’s eSpeak voice and a gendered variant', () => {
    const expected = { NORTH: 'vi', CENTRAL: 'vi-vn-x-central', SOUTH: 'vi-vn-x-south' }
    for (const v of VOICES) {
      expect(v.languageCode).toBe('vi-VN')
      expect(v.engine.espeakVoice).toBe(expected[v.region])
      expect(v.engine.variant[0]).toBe(v.gender === 'FEMALE' ? 'f' : 'm')
      expect(v.purposes.length).toBeGreaterThan(0)
    }
  })

  it('every engine voice used by the catalogue exists in the WASM engine', async () => {
    const engine = await getEngine('espeak-wasm')
    const ids = (await engine.listVoices()).map((v) => v.id.toLowerCase())
    for (const v of VOICES) expect(ids).toContain(v.engine.espeakVoice)
  })

  it('rejects an unknown voice with TTS_UNKNOWN_VOICE', () => {
    expect(() => getVoice('vi-north-female-nobody')).toThrowError(TtsError)
    try {
      getVoice('nope')
    } catch (error) {
      expect((error as TtsError).code).toBe('TTS_UNKNOWN_VOICE')
    }
  })
})

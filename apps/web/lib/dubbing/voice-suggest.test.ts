import { describe, expect, it } from 'vitest'
import { languagesOf, lineLanguage, suggestVoices } from './voice-suggest'

const voices = [
  { code: 'vi-north', languageCode: 'vi-VN' },
  { code: 'en-us', languageCode: 'en-US' },
  { code: 'legacy' }, // no language code: Vietnamese
  { code: 'en-gb', languageCode: 'en-GB' },
  { code: 'ja', languageCode: 'ja-JP' },
]
const codes = (list: { code: string }[]) => list.map((v) => v.code)

const lines = [
  { speaker: 'Minh', language: 'vi' },
  { speaker: 'Anna', language: 'en' },
  { speaker: 'Anna', language: 'en' },
  { speaker: 'Anna', language: 'vi' },
  { speaker: 'Anna', language: 'none' },
  { speaker: null, language: 'ja' },
  { speaker: 'Khách', language: 'ko' },
  { speaker: 'Minh', language: 'klingon' },
]

describe('the voice picker suggests voices by the language of the lines', () => {
  it("lists a speaker's languages, most lines first, without letterless lines", () => {
    expect(languagesOf(lines, 'Anna')).toEqual(['en', 'vi'])
    expect(languagesOf(lines, 'Minh')).toEqual(['vi', 'other'])
  })

  it('gives the default voice the lines without a speaker and of speakers without a voice of their own', () => {
    expect(languagesOf(lines, null, ['Minh', 'Anna'])).toEqual(['ja', 'ko'])
    expect(languagesOf(lines, null, ['Minh', 'Anna', 'Khách'])).toEqual(['ja'])
  })

  it('puts the voices that read English first, the others after, each in catalogue order', () => {
    const s = suggestVoices(voices, ['en'])
    expect(codes(s.reading)).toEqual(['en-us', 'en-gb'])
    expect(codes(s.others)).toEqual(['vi-north', 'legacy', 'ja'])
  })

  it('counts a voice without a language code as Vietnamese', () => {
    expect(codes(suggestVoices(voices, ['vi']).reading)).toEqual(['vi-north', 'legacy'])
  })

  it('suggests only voices that read every language of the lines (a Vietnamese voice reads no English)', () => {
    const mixed = suggestVoices(voices, ['en', 'vi'])
    expect(codes(mixed.reading)).toEqual([])
    expect(mixed.unread).toEqual([])
    // Another Latin-script language is read by any voice but a Vietnamese one.
    expect(codes(suggestVoices(voices, ['en', 'latin']).reading)).toEqual(['en-us', 'en-gb'])
  })

  it('names the languages no voice of the catalogue reads', () => {
    expect(suggestVoices(voices, ['vi', 'ko']).unread).toEqual(['ko'])
    expect(suggestVoices(voices.slice(0, 3), ['en']).unread).toEqual([])
    expect(suggestVoices([voices[0]!], ['en', 'ja']).unread).toEqual(['en', 'ja'])
  })

  it('keeps the whole catalogue as suggested when the lines have no letters', () => {
    const s = suggestVoices(voices, [])
    expect(codes(s.reading)).toEqual(codes(voices))
    expect(s.others).toEqual([])
  })

  it('reads an unknown detected language as another script', () => {
    expect(lineLanguage('klingon')).toBe('other')
    expect(lineLanguage('ko')).toBe('ko')
  })
})

import { DEFAULT_VOICE } from '@loa/contracts/browser'
import { describe, expect, it } from 'vitest'
import { bestFirst, bestVoice, startsOnDefaultVoice } from './best-voice'

const voice = (code: string, level: string, rank: number) => ({
  code,
  name: code,
  gender: 'FEMALE' as const,
  level,
  rank,
})

describe('the studio starting voice', () => {
  it('is the first installed neural voice, else the eSpeak default; never a provider voice', () => {
    expect(bestVoice([voice(DEFAULT_VOICE, 'BASIC', 1), voice('premium-x', 'PREMIUM', 0)])).toBe(
      DEFAULT_VOICE,
    )
    expect(
      bestVoice([
        voice(DEFAULT_VOICE, 'BASIC', 1),
        voice('neural-b', 'NEURAL', 101),
        voice('neural-a', 'NEURAL', 100),
      ]),
    ).toBe('neural-a')
    expect(bestVoice([])).toBe(DEFAULT_VOICE)
  })

  it('replaces the voice only in an untouched draft on the default voice', () => {
    const p = (text: string, voiceCode = DEFAULT_VOICE) => ({ text, voiceCode })
    expect(startsOnDefaultVoice({ title: '', paragraphs: [p('')] })).toBe(true)
    expect(startsOnDefaultVoice({ title: '', paragraphs: [p('Xin chào')] })).toBe(false)
    expect(startsOnDefaultVoice({ title: 'Dự án', paragraphs: [p('')] })).toBe(false)
    expect(startsOnDefaultVoice({ title: '', paragraphs: [p('', 'sg_female_kimngan_news')] })).toBe(false)
  })

  it("puts the demo's best voice first, the others in their order", () => {
    const all = [
      voice(DEFAULT_VOICE, 'BASIC', 1),
      voice('other', 'BASIC', 2),
      voice('neural-a', 'NEURAL', 100),
    ]
    const codes = (vs: { code: string }[]) => vs.map((v) => v.code)
    expect(codes(bestFirst(all, all))).toEqual(['neural-a', DEFAULT_VOICE, 'other'])
    expect(codes(bestFirst(all.slice(0, 2), all.slice(0, 2)))).toEqual([DEFAULT_VOICE, 'other'])
  })
})

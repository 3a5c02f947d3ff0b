import { describe, expect, it } from 'vitest'
import { dubbedSeconds, minutesAndSeconds, unitOfOrderType, WALLET_UNITS } from './units.ts'

describe('credit units (issue 28)', () => {
  it('counts studio and API in characters, dubbing in seconds', () => {
    expect(WALLET_UNITS).toEqual({
      aivoice: 'CHARACTER',
      aivoiceapi: 'CHARACTER',
      aidubbing: 'SECOND',
      aicall: 'CHARACTER',
    })
    expect(unitOfOrderType('DUBBING')).toBe('SECOND')
    expect(unitOfOrderType('API')).toBe('CHARACTER')
  })
  it('charges a dub the span of its subtitles, rounded up to a second', () => {
    // A one-minute video with 20 lines: 0.4 s → 59.9 s is 59.5 s, charged 60 whatever the characters.
    const cues = Array.from({ length: 20 }, (_, i) => ({
      startMs: 400 + i * 3000,
      endMs: 400 + i * 3000 + 2500,
    }))
    expect(dubbedSeconds(cues)).toBe(60)
    expect(dubbedSeconds([{ startMs: 5000, endMs: 5001 }])).toBe(1)
    expect(
      dubbedSeconds([
        { startMs: 2000, endMs: 4000 },
        { startMs: 0, endMs: 1000 },
      ]),
    ).toBe(4)
    expect(dubbedSeconds([])).toBe(0)
  })
  it('splits seconds into minutes and seconds', () => {
    expect(minutesAndSeconds(511)).toEqual({ minutes: 8, seconds: 31 })
    expect(minutesAndSeconds(7_200)).toEqual({ minutes: 120, seconds: 0 })
  })
})

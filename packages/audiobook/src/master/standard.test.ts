import { describe, expect, it } from 'vitest'
import { chapterMetadata, escapeFfmetadata } from '../export/metadata.ts'
import { loudnessFor } from './master.ts'
import { parseFigures } from './measure.ts'
import { complianceOf, ROOM_TONE } from './standard.ts'

const LOG = `[Parsed_ebur128_0 @ 0x1] Summary:

  Integrated loudness:
    I:         -20.3 LUFS
    Threshold: -30.6 LUFS

  True peak:
    Peak:       -3.84 dBFS
[Parsed_astats_1 @ 0x2] Overall
[Parsed_astats_1 @ 0x2] RMS level dB: -20.812345
[Parsed_astats_1 @ 0x2] RMS trough dB: -inf
`

describe('compliance', () => {
  it('reads ebur128 and astats figures from the log; -inf (digital silence) is null', () => {
    expect(parseFigures(LOG)).toEqual({
      integratedLufs: -20.3,
      truePeakDb: -3.8,
      rmsDb: -20.8,
      noiseFloorDb: null,
    })
  })

  it('fails each check outside the standard and passes inside it', () => {
    const ok = { integratedLufs: -20, truePeakDb: -3.5, rmsDb: -20.5, noiseFloorDb: -80, durationMs: 1000 }
    expect(complianceOf(ok, ROOM_TONE).pass).toBe(true)
    const failed = (figures: Partial<typeof ok>) =>
      complianceOf({ ...ok, ...figures }, ROOM_TONE)
        .checks.filter((c) => !c.pass)
        .map((c) => c.check)
    expect(failed({ rmsDb: -23.1 })).toEqual(['rms'])
    expect(failed({ rmsDb: -17.9 })).toEqual(['rms'])
    expect(failed({ truePeakDb: -2.9 })).toEqual(['true_peak'])
    expect(failed({ noiseFloorDb: -59.9 })).toEqual(['noise_floor'])
    expect(
      complianceOf(ok, { headMs: 200, tailMs: 3000 }).checks.find((c) => c.check === 'room_tone')?.pass,
    ).toBe(false)
  })

  it('aims loudness so the RMS with room tone lands on −20.5 dBFS', () => {
    // Speech whose RMS sits 2 dB under its loudness, 16 s of it plus 4 s of room tone (−0.97 dB).
    expect(loudnessFor({ loudnorm: { input_i: '-40' }, rmsDb: -42 }, 16_000, ROOM_TONE)).toBe(-17.5)
    expect(loudnessFor({ loudnorm: { input_i: '-40' }, rmsDb: null }, 16_000, ROOM_TONE)).toBe(-20)
    expect(loudnessFor({ loudnorm: { input_i: '-40' }, rmsDb: -30 }, 16_000, ROOM_TONE)).toBe(-24)
  })
})

describe('M4B chapter metadata', () => {
  it('escapes FFMETADATA1 specials and counts chapters from zero in milliseconds', () => {
    expect(escapeFfmetadata('a=b;c#d\\e')).toBe('a\\=b\\;c\\#d\\\\e')
    expect(
      chapterMetadata({ album: 'Sách' }, [
        { title: 'Một', durationMs: 1500 },
        { title: 'Hai\nba', durationMs: 2000 },
      ]),
    ).toBe(
      ';FFMETADATA1\ntitle=Sách\nalbum=Sách\ngenre=Audiobook\n[CHAPTER]\nTIMEBASE=1/1000\nSTART=0\nEND=1500\ntitle=Một\n' +
        '[CHAPTER]\nTIMEBASE=1/1000\nSTART=1500\nEND=3500\ntitle=Hai ba\n',
    )
  })
})

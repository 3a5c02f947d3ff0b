import { describe, expect, it } from 'vitest'
import { DEFAULT_FIT, charactersToCut, engineSpeedup, lineWindows, placeLine } from './plan.ts'

const cues = [
  { startMs: 1000, endMs: 3000 },
  { startMs: 4500, endMs: 6000 },
  { startMs: 6000, endMs: 8000 }, // no gap after cue 2
  { startMs: 7500, endMs: 9000 }, // overlaps cue 3
]

describe('fit windows', () => {
  it('lets a line borrow up to maxBorrowMs, keeps minGapMs before the next line, cuts overlaps', () => {
    const w = lineWindows(cues, DEFAULT_FIT)
    expect(w[0]!.limitMs).toBe(4000) // 3000 + 1000 borrow (< 4500 − 80)
    expect(w[1]!.limitMs).toBe(6000) // touching the next cue: nothing to borrow
    expect(w[2]!.limitMs).toBe(7500) // overlapping cue: cut at the next start
    expect(w[3]!.limitMs).toBe(10_000) // last line: borrow only
    expect(lineWindows(cues, DEFAULT_FIT, 9200)[3]!.limitMs).toBe(9200) // media ends first
    expect(
      lineWindows([
        { startMs: 0, endMs: 1000 },
        { startMs: 1300, endMs: 2000 },
      ])[0]!.limitMs,
    ).toBe(1220)
  })
})

describe('fit decisions', () => {
  const [w0, w1, w2] = lineWindows(cues)

  it('places a short line at the cue start and pads (never slows down)', () => {
    expect(engineSpeedup(1200, w0!)).toBe(1)
    expect(placeLine(1200, w0!, 1)).toEqual({
      placedStartMs: 1000,
      placedEndMs: 2200,
      stretch: 1,
      borrowedMs: 0,
      overflowMs: 0,
      action: 'fit',
    })
  })

  it('asks for an engine speed-up up to 1.25× first', () => {
    expect(engineSpeedup(2200, w0!)).toBeCloseTo(1.1)
    expect(engineSpeedup(5000, w0!)).toBe(1.25)
    // re-synthesized at 1.1× the speech now lasts 1990 ms: it fits
    expect(placeLine(1990, w0!, 1.1)).toMatchObject({ action: 'speed', placedEndMs: 2990, stretch: 1 })
  })

  it('borrows the silence after the cue before stretching', () => {
    expect(placeLine(2600, w0!, 1.25)).toMatchObject({
      action: 'borrow',
      placedEndMs: 3600,
      borrowedMs: 600,
      stretch: 1,
      overflowMs: 0,
    })
  })

  it('stretches (tempo kept) until the total speed-up reaches 1.5×', () => {
    // 3400 ms in a 3000 ms window after 1.25× engine speed: stretch 1.133 (total 1.417)
    const p = placeLine(3400, w0!, 1.25)
    expect(p.action).toBe('stretch')
    expect(p.stretch).toBeCloseTo(3400 / 3000)
    expect(p.placedEndMs).toBe(4000)
    expect(p.borrowedMs).toBe(1000)
  })

  it('stops at 1.5× total, never past the next line, and reports the overflow', () => {
    const p = placeLine(2000, w1!, 1.25) // window 1500 ms, max stretch 1.2 → 1667 ms
    expect(p).toMatchObject({ action: 'unresolved', placedStartMs: 4500, placedEndMs: 6000, overflowMs: 167 })
    expect(p.stretch).toBeCloseTo(1.2)
    expect(p.placedEndMs).toBeLessThanOrEqual(cues[2]!.startMs)
    // An overlapped cue's slot ends at the next cue's start.
    expect(placeLine(1400, w2!, 1)).toMatchObject({ action: 'fit', placedEndMs: 7400 })
    expect(placeLine(1600, w2!, 1)).toMatchObject({ action: 'stretch', placedEndMs: 7500 })
  })

  it('never overlaps: every placed end is at or before the next placed start', () => {
    const windows = lineWindows(cues)
    for (const duration of [500, 1500, 2500, 4000, 9000]) {
      const placed = windows.map((w) => placeLine(duration, w, engineSpeedup(duration, w)))
      for (let i = 1; i < placed.length; i++)
        expect(placed[i - 1]!.placedEndMs).toBeLessThanOrEqual(placed[i]!.placedStartMs)
      for (const p of placed) expect(p.placedEndMs).toBeGreaterThanOrEqual(p.placedStartMs)
    }
  })

  it('says how many characters to cut', () => {
    expect(charactersToCut(167, 40, 2000)).toBe(4)
    expect(charactersToCut(0, 40, 2000)).toBe(0)
  })
})

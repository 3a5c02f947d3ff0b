import { describe, expect, it } from 'vitest'
import { DEFAULT_FIT } from './plan.ts'
import { planTrack, type PlanLine } from './retime.ts'

const line = (
  startMs: number,
  endMs: number,
  durationMs: number,
  extra: Partial<PlanLine> = {},
): PlanLine => ({
  startMs,
  endMs,
  durationMs,
  engineFactor: 1,
  ...extra,
})

describe('planTrack: never truncate', () => {
  it('places as placeLine does when every line fits', () => {
    const plan = planTrack([line(0, 2000, 1500), line(3000, 4000, 1800), line(5000, 6000, 2400)])
    expect(plan.map((p) => p.action)).toEqual(['fit', 'borrow', 'stretch'])
    expect(plan.every((p) => p.shiftMs === 0)).toBe(true)
  })

  it('moves later lines of the run later when their gaps allow, reporting each shift', () => {
    // Line 1: 3 s of speech in a 1 s cue, 2 s at 1.5×; the next lines are close and can move.
    const plan = planTrack([line(0, 1000, 3000), line(1200, 2500, 800), line(2600, 4000, 600)])
    expect(plan[0]).toMatchObject({
      action: 'stretch',
      stretch: 1.5,
      placedStartMs: 0,
      overflowMs: 0,
      shiftMs: 0,
    })
    expect(plan[0]!.placedEndMs).toBeCloseTo(2000, 0)
    expect(plan[1]).toMatchObject({ action: 'retime', shiftMs: 880, stretch: 1.5 })
    expect(plan[2]).toMatchObject({ action: 'retime', shiftMs: 93, stretch: 1 })
    for (let i = 1; i < plan.length; i++)
      expect(plan[i]!.placedStartMs).toBeGreaterThanOrEqual(plan[i - 1]!.placedEndMs + DEFAULT_FIT.minGapMs)
    // No line is placed shorter than its speech at its speed-up.
    plan.forEach((p, i) =>
      expect((p.placedEndMs - p.placedStartMs) * p.stretch).toBeCloseTo([3000, 800, 600][i]!, 0),
    )
  })

  it('leaves a line unresolved when the next lines cannot move (no gap, or more than maxShiftMs)', () => {
    const plan = planTrack([line(0, 1000, 5000), line(1000, 2000, 1000), line(2000, 3000, 1000)])
    expect(plan[0]).toMatchObject({ action: 'unresolved', placedEndMs: 1000 })
    expect(plan[0]!.overflowMs).toBe(Math.round(5000 / 1.5 - 1000))
    expect(plan.slice(1).map((p) => p.action)).toEqual(['fit', 'fit'])
    // The media's end bounds the last line of a chain.
    expect(planTrack([line(0, 1000, 2500), line(1200, 1500, 200)], DEFAULT_FIT, 1500)[0]!.action).toBe(
      'unresolved',
    )
  })

  it("takes the line's fixes: a higher speed limit, the whole next gap, or an accepted overrun", () => {
    const tight = [line(0, 1000, 2000), line(1100, 2000, 900)]
    expect(planTrack(tight, DEFAULT_FIT, 2000)[0]!.action).toBe('unresolved')
    const faster = [line(0, 1000, 2000, { fix: { maxSpeedup: 2.1 } }), tight[1]!]
    expect(planTrack(faster, DEFAULT_FIT, 2000)[0]!.action).toBe('stretch')
    // A long silence after the cue: borrowing stops at 1 s; the line may take the whole gap when allowed.
    const gap = [line(0, 1000, 3300), line(3000, 4000, 900)]
    expect(planTrack(gap)[0]!.action).toBe('unresolved')
    const allowed = planTrack([line(0, 1000, 3300, { fix: { borrowNextGap: true } }), gap[1]!])
    expect(allowed[0]).toMatchObject({ action: 'stretch', placedEndMs: 2920 })
    const accepted = [line(0, 1000, 2000, { fix: { acceptOverrun: true } }), tight[1]!]
    expect(planTrack(accepted, DEFAULT_FIT, 2000)[0]).toMatchObject({
      action: 'accepted-overrun',
      placedEndMs: 1020,
    })
    expect(planTrack(tight, DEFAULT_FIT, 2000, true)[0]!.action).toBe('accepted-overrun')
  })
})

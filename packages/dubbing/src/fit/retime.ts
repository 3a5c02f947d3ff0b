import { DEFAULT_FIT, type FitAction, type FitSettings, type Placement } from './plan.ts'

/** A user's fix for one line that did not fit (kept with the line in a project; `loa dub` has flags). */
export interface LineFix {
  /** This line's own highest total speed-up (instead of `maxSpeedup`). */
  maxSpeedup?: number
  /** May run through the whole silence up to the next line (not only `maxBorrowMs`). */
  borrowNextGap?: boolean
  /** Accepts that the line is cut at its limit (the export is no longer held for it). */
  acceptOverrun?: boolean
}

/** One line as the planner sees it: cue times and its speech after the engine speed-up. */
export interface PlanLine {
  startMs: number
  endMs: number
  /** Length of the speech as synthesized (trimmed, after the engine speed-up). */
  durationMs: number
  /** Engine speed-up already applied (counts against the highest total speed-up). */
  engineFactor: number
  fix?: LineFix
}

export interface PlannedLine extends Placement {
  /** How much later than its cue start the line begins (re-timing). */
  shiftMs: number
}

interface Bounds {
  /** Latest end without moving the next line: cue end + borrow, before the next line. */
  limitMs: number
  /** End of the cue's own slot (cut at the next cue's start). */
  ownEndMs: number
  maxStretch: number
}

const boundsOf = (
  lines: readonly PlanLine[],
  i: number,
  s: FitSettings,
  totalMs: number | undefined,
): Bounds => {
  const line = lines[i]!
  const nextStart = lines[i + 1]?.startMs
  const next = nextStart ?? (totalMs !== undefined ? Math.max(totalMs, line.endMs) : Infinity)
  const gap = nextStart === undefined ? 0 : s.minGapMs
  const borrow = line.fix?.borrowNextGap ? Infinity : s.maxBorrowMs
  const limitMs = Math.max(Math.min(line.endMs, next), Math.min(line.endMs + borrow, next - gap))
  const maxSpeedup = line.fix?.maxSpeedup ?? s.maxSpeedup
  return {
    limitMs,
    ownEndMs: Math.min(line.endMs, next),
    maxStretch: Math.max(1, maxSpeedup / line.engineFactor),
  }
}

/**
 * Whether the lines after `i` can absorb line `i` ending at `endMs`. Only a line held back by the next line
 * (not by its own borrowing limit) may push it: each following line moves to the end before it plus
 * `minGapMs`, never more than `maxShiftMs` late, at its own highest speed-up; the first that still ends within
 * its own limit (or that does not move) ends the chain. The media's end bounds the last one.
 */
const chainAbsorbs = (
  lines: readonly PlanLine[],
  i: number,
  endMs: number,
  s: FitSettings,
  totalMs: number | undefined,
  limitMs: number,
): boolean => {
  const next = lines[i + 1]
  if (!next || next.startMs - s.minGapMs > limitMs + 0.5) return false
  let prevEnd = endMs
  for (let j = i + 1; j < lines.length; j++) {
    const line = lines[j]!
    const start = Math.max(line.startMs, prevEnd + s.minGapMs)
    if (start === line.startMs) return true
    if (start - line.startMs > s.maxShiftMs) return false
    const b = boundsOf(lines, j, s, totalMs)
    const shortest = line.durationMs / b.maxStretch
    if (start + shortest <= b.limitMs) return true
    prevEnd = start + shortest
  }
  return totalMs === undefined || prevEnd <= totalMs
}

/**
 * Places every line of a track (sorted by start), in order: fit, borrow, stretch (as `placeLine`), then
 * re-timing — a line that cannot fit may end later when the following lines can move later within their own
 * gaps (each reported with its shift); what still cannot fit is `unresolved`, or `accepted-overrun` when the
 * line's fix (or `allowOverrun`) accepts it. Lines never overlap.
 */
export const planTrack = (
  lines: readonly PlanLine[],
  settings: FitSettings = DEFAULT_FIT,
  totalMs?: number,
  allowOverrun = false,
): PlannedLine[] => {
  const out: PlannedLine[] = []
  // The end of the line before when it ran past its own limit (it pushes this one later).
  let pushedBy: number | undefined
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!
    const b = boundsOf(lines, i, settings, totalMs)
    const start = pushedBy === undefined ? line.startMs : Math.max(line.startMs, pushedBy + settings.minGapMs)
    const shiftMs = start - line.startMs
    const d = line.durationMs
    const shortest = d / b.maxStretch
    const place = (length: number, stretch: number, action: FitAction, overflowMs = 0): PlannedLine => {
      const placedEndMs = start + length
      pushedBy = placedEndMs > b.limitMs + 0.5 ? placedEndMs : undefined
      return {
        placedStartMs: start,
        placedEndMs,
        stretch,
        borrowedMs: Math.max(0, Math.round(placedEndMs - line.endMs)),
        overflowMs: Math.round(overflowMs),
        action,
        shiftMs: Math.round(shiftMs),
      }
    }
    const moved = shiftMs > 0 ? 'retime' : undefined
    const room = b.limitMs - start
    if (d <= b.ownEndMs - start) out.push(place(d, 1, moved ?? (line.engineFactor > 1 ? 'speed' : 'fit')))
    else if (d <= room) out.push(place(d, 1, moved ?? 'borrow'))
    else if (shortest <= room) out.push(place(room, d / room, moved ?? 'stretch'))
    else if (chainAbsorbs(lines, i, start + shortest, settings, totalMs, b.limitMs))
      out.push(place(shortest, b.maxStretch, moved ?? 'stretch'))
    else {
      const accepted = allowOverrun || line.fix?.acceptOverrun === true
      const length = Math.max(0, room)
      out.push(place(length, b.maxStretch, accepted ? 'accepted-overrun' : 'unresolved', shortest - length))
    }
  }
  return out
}

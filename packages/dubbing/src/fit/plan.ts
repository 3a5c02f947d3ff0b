/**
 * Fitting speech into subtitle slots — pure decisions on durations (the renderer measures, this decides).
 * Per line, in order: (a) fits → placed at the cue start, padded with silence (never slowed down);
 * (b) too long → re-synthesized at a higher engine speed, up to `maxEngineSpeedup`; (c) still too long →
 * borrows silence after the cue, up to `maxBorrowMs` and never into the next line; (d) still too long →
 * tempo-preserving stretch until the total speed-up reaches `maxSpeedup`; (e) still too long → later lines of
 * the same run are moved later where their own gaps allow (`planTrack`, re-timing); (f) still too long →
 * `unresolved` (export held until fixed) or, when the user accepted it, `accepted-overrun` (cut at the limit).
 */

export interface FitSettings {
  /** Highest engine speed-up over the speaker's speed (re-synthesis). */
  maxEngineSpeedup: number
  /** Highest total speed-up (engine × stretch). */
  maxSpeedup: number
  /** Longest a line may run past its cue end into the following silence. */
  maxBorrowMs: number
  /** Silence kept before the next line when borrowing. */
  minGapMs: number
  /** Latest a line may be moved after its cue start to make room for the line before it (re-timing). */
  maxShiftMs: number
}

export const DEFAULT_FIT: FitSettings = {
  maxEngineSpeedup: 1.25,
  maxSpeedup: 1.5,
  maxBorrowMs: 1000,
  minGapMs: 80,
  maxShiftMs: 1500,
}

/**
 * What happened to a line: `fit` (as synthesized), `speed` (engine re-synthesis), `borrow` (ran into the
 * silence after its cue), `stretch` (time-stretched), `retime` (moved later by `shiftMs` to make room for the
 * line before), `unresolved` (cannot fit: the export is held), `accepted-overrun` (cannot fit, accepted by the
 * user: cut at its limit, `overflowMs` not heard).
 */
export type FitAction = 'fit' | 'speed' | 'borrow' | 'stretch' | 'retime' | 'unresolved' | 'accepted-overrun'

/** Where a line may sound: from its cue start to `limitMs` (cue end plus what it may borrow). */
export interface LineWindow {
  startMs: number
  endMs: number
  limitMs: number
}

/**
 * The windows of cues sorted by start: a line never reaches past the next cue's start (less `minGapMs` when
 * it borrows), nor past its own end plus `maxBorrowMs`; an overlapping cue is cut at the next one's start.
 * `totalMs` (the media's length) bounds the last line.
 */
export const lineWindows = (
  cues: readonly { startMs: number; endMs: number }[],
  settings: FitSettings = DEFAULT_FIT,
  totalMs?: number,
): LineWindow[] =>
  cues.map((cue, i) => {
    const nextStart = cues[i + 1]?.startMs
    const next = nextStart ?? (totalMs !== undefined ? Math.max(totalMs, cue.endMs) : Infinity)
    const own = Math.min(cue.endMs, next)
    const gap = nextStart === undefined ? 0 : settings.minGapMs
    const borrowed = Math.min(cue.endMs + settings.maxBorrowMs, next - gap)
    return { startMs: cue.startMs, endMs: cue.endMs, limitMs: Math.max(cue.startMs, own, borrowed) }
  })

/** Length of a cue's own slot (cut at the next cue's start when the cues overlap). */
const slotMs = (w: LineWindow): number => Math.max(0, Math.min(w.endMs, w.limitMs) - w.startMs)

/**
 * The engine speed-up to re-synthesize with, or 1 when the speech fits its slot as it is. Capped at
 * `maxEngineSpeedup`: past it, borrowing and stretching take over.
 */
export const engineSpeedup = (
  durationMs: number,
  window: LineWindow,
  settings: FitSettings = DEFAULT_FIT,
): number => {
  const slot = slotMs(window)
  if (durationMs <= slot) return 1
  return slot <= 0 ? settings.maxEngineSpeedup : Math.min(settings.maxEngineSpeedup, durationMs / slot)
}

export interface Placement {
  placedStartMs: number
  placedEndMs: number
  /** Tempo-preserving stretch applied (≥ 1: the audio is 1/stretch as long). */
  stretch: number
  /** Time used past the cue end. */
  borrowedMs: number
  /** How much speech did not fit even at the highest speed-up (cut at the limit). */
  overflowMs: number
  action: FitAction
}

/**
 * Places speech of `durationMs` (after re-synthesis at `engineFactor`, the speed-up actually used) in its
 * window. Never slows down; never passes `limitMs`.
 */
export const placeLine = (
  durationMs: number,
  window: LineWindow,
  engineFactor: number,
  settings: FitSettings = DEFAULT_FIT,
): Placement => {
  const start = window.startMs
  const room = window.limitMs - start
  const place = (length: number, stretch: number, action: FitAction, overflowMs = 0): Placement => {
    const placedEndMs = start + length
    return {
      placedStartMs: start,
      placedEndMs,
      stretch,
      borrowedMs: Math.max(0, Math.round(placedEndMs - window.endMs)),
      overflowMs: Math.round(overflowMs),
      action,
    }
  }
  if (durationMs <= slotMs(window)) return place(durationMs, 1, engineFactor > 1 ? 'speed' : 'fit')
  if (durationMs <= room) return place(durationMs, 1, 'borrow')
  const maxStretch = Math.max(1, settings.maxSpeedup / engineFactor)
  const needed = room > 0 ? durationMs / room : Infinity
  if (needed <= maxStretch) return place(room, needed, 'stretch')
  const atMax = durationMs / maxStretch
  return place(Math.max(0, room), maxStretch, 'unresolved', atMax - Math.max(0, room))
}

/** "Shorten by about K characters": the overflow at the line's final speaking rate. */
export const charactersToCut = (overflowMs: number, characters: number, spokenMs: number): number =>
  overflowMs <= 0 || spokenMs <= 0 ? 0 : Math.ceil((overflowMs * characters) / spokenMs)

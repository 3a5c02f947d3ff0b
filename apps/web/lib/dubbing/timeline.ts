/** The dubbing timeline's arithmetic: lanes, fit colours, pixels ↔ time, ruler ticks and retiming by drag or key. */
import type { DubbingLine } from './api'

/** The four colours of fit the timeline paints (and "not rendered yet"). */
export type FitTone = 'fits' | 'faster' | 'borrowed' | 'unresolved' | 'none'

/**
 * A line's fit as one of four colours: it fits; it is spoken faster (engine speed-up, time-compression); it
 * borrows time (the silence after it, or a later start); it does not fit (an accepted cut still loses speech).
 */
export const fitTone = (line: Pick<DubbingLine, 'fit'>): FitTone => {
  switch (line.fit?.action) {
    case undefined:
      return 'none'
    case 'fit':
      return 'fits'
    case 'speed':
    case 'stretch':
      return 'faster'
    case 'borrow':
    case 'retime':
      return 'borrowed'
    default:
      return 'unresolved'
  }
}

export interface Lane {
  /** The speaker, null for the lines no speaker is named on. */
  speaker: string | null
  lines: DubbingLine[]
}

/** One lane per speaker (the project's order, then any other named on a line), then the lines without one. */
export const lanesOf = (lines: readonly DubbingLine[], speakers: readonly string[]): Lane[] => {
  const names = [...speakers]
  for (const l of lines) if (l.speaker && !names.includes(l.speaker)) names.push(l.speaker)
  const lanes: Lane[] = names
    .map((speaker) => ({ speaker, lines: lines.filter((l) => l.speaker === speaker) }))
    .filter((lane) => lane.lines.length > 0)
  const unnamed = lines.filter((l) => !l.speaker)
  return unnamed.length > 0 ? [...lanes, { speaker: null, lines: unnamed }] : lanes
}

/** Zoom levels in pixels per second of the video. */
export const ZOOMS = [5, 10, 20, 40, 80, 120, 160, 240, 320] as const

/** The zoom that shows `durationMs` in `widthPx`, kept between the first and the last level. */
export const fittingZoom = (durationMs: number, widthPx: number): number => {
  const wanted = widthPx / Math.max(1, durationMs / 1000)
  return [...ZOOMS].reverse().find((z) => z <= wanted) ?? ZOOMS[0]
}

/** The next zoom level in or out from `pxPerSecond`. */
export const zoomStep = (pxPerSecond: number, direction: 1 | -1): number =>
  direction > 0
    ? (ZOOMS.find((z) => z > pxPerSecond) ?? ZOOMS[ZOOMS.length - 1]!)
    : ([...ZOOMS].reverse().find((z) => z < pxPerSecond) ?? ZOOMS[0])

export const msToPx = (ms: number, pxPerSecond: number): number => (ms / 1000) * pxPerSecond
export const pxToMs = (px: number, pxPerSecond: number): number => (px / pxPerSecond) * 1000

const TICK_STEPS_S = [0.5, 1, 2, 5, 10, 15, 30, 60, 120, 300, 600] as const
/** At least this many pixels between two labelled ticks. */
const MIN_TICK_PX = 64

/** The ruler's labelled ticks (ms) over `durationMs`, spaced so their labels never touch. */
export const rulerTicks = (durationMs: number, pxPerSecond: number): number[] => {
  const step = TICK_STEPS_S.find((s) => s * pxPerSecond >= MIN_TICK_PX) ?? TICK_STEPS_S.at(-1)!
  const ticks: number[] = []
  for (let ms = 0; ms <= durationMs; ms += step * 1000) ticks.push(ms)
  return ticks
}

/** How long the timeline is: the media, or the last line (and a little room to drag it later). */
export const timelineLength = (lines: readonly DubbingLine[], mediaMs: number | null): number => {
  const lastEnd = lines.reduce((m, l) => Math.max(m, l.endMs, l.fit?.placedEndMs ?? 0), 0)
  return mediaMs ?? lastEnd + 5000
}

/** A line shorter than this is not something a voice can say; a drag never makes one. */
export const MIN_LINE_MS = 200
/** Drags land on this grid (ms). */
export const SNAP_MS = 10
/** What one arrow key moves (ms); with Shift ten times as much. */
export const NUDGE_MS = 100

export type DragEdge = 'start' | 'end' | 'move'

export interface Timing {
  startMs: number
  endMs: number
}

/**
 * The times of `line` after moving `edge` by `deltaMs`, within the timeline and between the lines before and
 * after it in its lane (one speaker says one line at a time); a line that already overlaps a neighbour may stay
 * where it is but never goes further into it. Times snap to 10 ms; a line stays at least 200 ms long.
 */
export const retime = (
  line: Timing,
  edge: DragEdge,
  deltaMs: number,
  lane: readonly (Timing & { id: string })[],
  id: string,
  lengthMs: number,
): Timing => {
  const others = lane.filter((l) => l.id !== id)
  const before = others.filter((l) => l.startMs < line.startMs).reduce((m, l) => Math.max(m, l.endMs), 0)
  const after = others
    .filter((l) => l.startMs > line.startMs)
    .reduce((m, l) => Math.min(m, l.startMs), lengthMs)
  const low = Math.max(0, Math.min(before, line.startMs))
  const high = Math.min(lengthMs, Math.max(after, line.endMs))
  const snap = (ms: number) => Math.round(ms / SNAP_MS) * SNAP_MS
  const clamp = (ms: number, min: number, max: number) => Math.min(max, Math.max(min, ms))
  if (edge === 'start')
    return { startMs: clamp(snap(line.startMs + deltaMs), low, line.endMs - MIN_LINE_MS), endMs: line.endMs }
  if (edge === 'end')
    return {
      startMs: line.startMs,
      endMs: clamp(snap(line.endMs + deltaMs), line.startMs + MIN_LINE_MS, high),
    }
  const length = line.endMs - line.startMs
  const startMs = clamp(snap(line.startMs + deltaMs), low, Math.max(low, high - length))
  return { startMs, endMs: startMs + length }
}

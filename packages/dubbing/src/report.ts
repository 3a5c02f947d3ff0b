import type { RenderedTrack } from './render/track.ts'
import { charactersToCut } from './fit/plan.ts'

/** One line of the fit report (the `loa dub --report` JSON and the studio's download). */
export interface FitReportLine {
  index: number
  start_ms: number
  end_ms: number
  placed_start_ms: number
  placed_end_ms: number
  speed: number
  stretch: number
  borrowed_ms: number
  overflow_ms: number
  action: string
  /** Flagged lines: about how many characters to cut so that the line fits. */
  shorten_by_chars: number
}

export interface FitReport {
  lines: FitReportLine[]
  summary: { lines: number; fitted: number; flagged: number; duration_ms: number }
}

const round3 = (n: number): number => Math.round(n * 1000) / 1000

/** The report of a rendered track; `cues` gives each line's subtitle times (by index). */
export const fitReport = (
  track: RenderedTrack,
  cues: ReadonlyMap<number, { startMs: number; endMs: number }>,
): FitReport => {
  const lines = track.lines.map((l): FitReportLine => {
    const cue = cues.get(l.index)
    return {
      index: l.index,
      start_ms: cue?.startMs ?? l.placedStartMs,
      end_ms: cue?.endMs ?? l.placedEndMs,
      placed_start_ms: Math.round(l.placedStartMs),
      placed_end_ms: Math.round(l.placedEndMs),
      speed: round3(l.speed),
      stretch: round3(l.stretch),
      borrowed_ms: Math.round(l.borrowedMs),
      overflow_ms: l.overflowMs,
      action: l.action,
      shorten_by_chars: charactersToCut(
        l.overflowMs,
        l.characters,
        l.placedEndMs - l.placedStartMs + l.overflowMs,
      ),
    }
  })
  const flagged = lines.filter((l) => l.action === 'clamp').length
  return {
    lines,
    summary: { lines: lines.length, fitted: lines.length - flagged, flagged, duration_ms: track.durationMs },
  }
}

const CSV_COLUMNS = [
  'index',
  'start_ms',
  'end_ms',
  'placed_start_ms',
  'placed_end_ms',
  'speed',
  'stretch',
  'borrowed_ms',
  'overflow_ms',
  'action',
  'shorten_by_chars',
] as const satisfies readonly (keyof FitReportLine)[]

/** The report as CSV (one header row, one row per line). */
export const fitReportCsv = (report: FitReport): string =>
  [CSV_COLUMNS.join(','), ...report.lines.map((l) => CSV_COLUMNS.map((c) => String(l[c])).join(','))].join(
    '\n',
  ) + '\n'

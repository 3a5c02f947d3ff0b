import type { RenderedTrack } from './render/track.ts'
import { charactersToCut } from './fit/plan.ts'

/** One line of the fit report (the `loa dub --report` JSON and the studio's download). */
export interface FitReportLine {
  index: number
  /** Line of the subtitle file the cue came from, and its number there (when known). */
  file_line?: number
  cue?: number
  start_ms: number
  end_ms: number
  placed_start_ms: number
  placed_end_ms: number
  speed: number
  /** Length of the synthesized speech (after the engine speed-up, before stretching). */
  speech_ms: number
  stretch: number
  borrowed_ms: number
  overflow_ms: number
  /** How much later than its cue the line starts (re-timing: it made room for the line before). */
  shift_ms: number
  /** fit | speed | borrow | stretch | retime | unresolved | accepted-overrun */
  action: string
  /** Unresolved (or accepted) lines: about how many characters to cut so that the line fits. */
  shorten_by_chars: number
}

export interface FitReport {
  lines: FitReportLine[]
  summary: {
    lines: number
    fitted: number
    /** Lines that do not fit (unresolved + accepted-overrun). */
    flagged: number
    /** Lines that cannot fit and were not accepted: the export is held until each is fixed or accepted. */
    unresolved: number
    accepted_overrun: number
    retimed: number
    duration_ms: number
  }
}

const round3 = (n: number): number => Math.round(n * 1000) / 1000

/** The report of a rendered track; `cues` gives each line's subtitle times (by index). */
export const fitReport = (
  track: RenderedTrack,
  cues: ReadonlyMap<number, { startMs: number; endMs: number; line?: number | null; cue?: number }>,
): FitReport => {
  const lines = track.lines.map((l): FitReportLine => {
    const cue = cues.get(l.index)
    return {
      index: l.index,
      ...(cue?.line != null ? { file_line: cue.line } : {}),
      ...(cue?.cue !== undefined ? { cue: cue.cue } : {}),
      start_ms: cue?.startMs ?? l.placedStartMs,
      end_ms: cue?.endMs ?? l.placedEndMs,
      placed_start_ms: Math.round(l.placedStartMs),
      placed_end_ms: Math.round(l.placedEndMs),
      speed: round3(l.speed),
      speech_ms: l.speechMs ?? Math.round(l.placedEndMs - l.placedStartMs),
      stretch: round3(l.stretch),
      borrowed_ms: Math.round(l.borrowedMs),
      overflow_ms: l.overflowMs,
      shift_ms: l.shiftMs ?? 0,
      action: l.action,
      shorten_by_chars: charactersToCut(
        l.overflowMs,
        l.characters,
        l.placedEndMs - l.placedStartMs + l.overflowMs,
      ),
    }
  })
  const count = (action: string): number => lines.filter((l) => l.action === action).length
  const unresolved = count('unresolved')
  const accepted = count('accepted-overrun')
  const flagged = unresolved + accepted
  return {
    lines,
    summary: {
      lines: lines.length,
      fitted: lines.length - flagged,
      flagged,
      unresolved,
      accepted_overrun: accepted,
      retimed: count('retime'),
      duration_ms: track.durationMs,
    },
  }
}

const CSV_COLUMNS = [
  'index',
  'file_line',
  'cue',
  'start_ms',
  'end_ms',
  'placed_start_ms',
  'placed_end_ms',
  'speed',
  'speech_ms',
  'stretch',
  'borrowed_ms',
  'overflow_ms',
  'shift_ms',
  'action',
  'shorten_by_chars',
] as const satisfies readonly (keyof FitReportLine)[]

/** The report as CSV (one header row, one row per line). */
export const fitReportCsv = (report: FitReport): string =>
  [
    CSV_COLUMNS.join(','),
    ...report.lines.map((l) => CSV_COLUMNS.map((c) => String(l[c] ?? '')).join(',')),
  ].join('\n') + '\n'

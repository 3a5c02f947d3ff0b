/** Stable error codes of dubbing: callers map them to messages (vi/en), never parse the text. */
export const DUBBING_ERROR_CODES = [
  'DUBBING_NOT_TEXT',
  'DUBBING_UNKNOWN_FORMAT',
  'DUBBING_BAD_TIMESTAMP',
  'DUBBING_NO_CUES',
  'DUBBING_TOO_MANY_CUES',
  'DUBBING_MEDIA_UNREADABLE',
  'DUBBING_MEDIA_TOO_SHORT',
  'DUBBING_FFMPEG_MISSING',
  'DUBBING_UNKNOWN_SPEAKER',
  'DUBBING_SUBTITLE_URL_FAILED',
  'DUBBING_UNRESOLVED_LINES',
  'DUBBING_FOREIGN_TEXT',
] as const
export type DubbingErrorCode = (typeof DUBBING_ERROR_CODES)[number]

/** What the parser tolerated and reports (the cues are still usable). */
export const DUBBING_NOTICE_CODES = [
  'DUBBING_MISSING_BLANK_LINE',
  'DUBBING_CUES_REORDERED',
  'DUBBING_CUES_OVERLAP',
  'DUBBING_EMPTY_CUE_SKIPPED',
  'DUBBING_UNSPEAKABLE_CUE_SKIPPED',
  'DUBBING_ZERO_LENGTH_CUE_SKIPPED',
  'DUBBING_TYPESETTING_SKIPPED',
  'DUBBING_DUPLICATE_CUE_MERGED',
  'DUBBING_CREDIT_LINE',
  'DUBBING_FOREIGN_TEXT',
] as const
export type DubbingNoticeCode = (typeof DUBBING_NOTICE_CODES)[number]

export class DubbingError extends Error {
  readonly code: DubbingErrorCode
  /** 1-based line of the subtitle file, when the problem has one. */
  readonly line: number | undefined
  /** 1-based number of the cue in the file (in file order), when the problem has one. */
  readonly cue: number | undefined

  constructor(code: DubbingErrorCode, message: string, line?: number, cue?: number) {
    super(line === undefined ? message : `${where(line, cue)}: ${message}`)
    this.name = 'DubbingError'
    this.code = code
    this.line = line
    this.cue = cue
  }
}

export const isDubbingError = (error: unknown): error is DubbingError =>
  error instanceof DubbingError ||
  (typeof error === 'object' &&
    error !== null &&
    (error as { name?: unknown }).name === 'DubbingError' &&
    typeof (error as { code?: unknown }).code === 'string')

/** "line 12 (cue 4)": where a notice or an error is in the subtitle file. */
export const where = (line: number, cue?: number): string =>
  cue === undefined ? `line ${line}` : `line ${line} (cue ${cue})`

/** A render held because lines cannot fit without cutting speech; `report` says which and by how much. */
export class UnresolvedLinesError extends DubbingError {
  readonly report: { lines: { index: number; action: string }[]; summary: { unresolved: number } }

  constructor(report: UnresolvedLinesError['report']) {
    const lines = report.lines.filter((l) => l.action === 'unresolved').map((l) => l.index)
    super(
      'DUBBING_UNRESOLVED_LINES',
      `${lines.length} line(s) cannot fit without cutting speech (lines ${lines.join(', ')}): shorten, fix or accept them`,
    )
    this.report = report
  }
}

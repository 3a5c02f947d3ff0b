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
] as const
export type DubbingErrorCode = (typeof DUBBING_ERROR_CODES)[number]

/** What the parser tolerated and reports (the cues are still usable). */
export const DUBBING_NOTICE_CODES = [
  'DUBBING_MISSING_BLANK_LINE',
  'DUBBING_CUES_REORDERED',
  'DUBBING_CUES_OVERLAP',
  'DUBBING_EMPTY_CUE_SKIPPED',
] as const
export type DubbingNoticeCode = (typeof DUBBING_NOTICE_CODES)[number]

export class DubbingError extends Error {
  readonly code: DubbingErrorCode
  /** 1-based line of the subtitle file, when the problem has one. */
  readonly line: number | undefined

  constructor(code: DubbingErrorCode, message: string, line?: number) {
    super(line === undefined ? message : `line ${line}: ${message}`)
    this.name = 'DubbingError'
    this.code = code
    this.line = line
  }
}

export const isDubbingError = (error: unknown): error is DubbingError =>
  error instanceof DubbingError ||
  (typeof error === 'object' &&
    error !== null &&
    (error as { name?: unknown }).name === 'DubbingError' &&
    typeof (error as { code?: unknown }).code === 'string')

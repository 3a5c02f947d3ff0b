/** Stable error codes of audiobooks: callers map them to messages (vi/en), never parse the text. */
export const AUDIOBOOK_ERROR_CODES = [
  'AUDIOBOOK_UNSUPPORTED_FORMAT',
  'AUDIOBOOK_FILE_UNREADABLE',
  'AUDIOBOOK_TOO_LONG',
  'AUDIOBOOK_NO_TEXT',
  'AUDIOBOOK_FFMPEG_MISSING',
  'AUDIOBOOK_AUDIO_UNREADABLE',
] as const
export type AudiobookErrorCode = (typeof AUDIOBOOK_ERROR_CODES)[number]

export class AudiobookError extends Error {
  readonly code: AudiobookErrorCode
  /** Machine-readable detail (limits, counts); never file contents. */
  readonly details: Record<string, unknown> | undefined

  constructor(code: AudiobookErrorCode, message: string, details?: Record<string, unknown>) {
    super(message)
    this.name = 'AudiobookError'
    this.code = code
    this.details = details
  }
}

export const isAudiobookError = (error: unknown): error is AudiobookError =>
  error instanceof AudiobookError ||
  (typeof error === 'object' &&
    error !== null &&
    (error as { name?: unknown }).name === 'AudiobookError' &&
    typeof (error as { code?: unknown }).code === 'string')

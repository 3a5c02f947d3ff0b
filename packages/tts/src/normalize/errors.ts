/** Stable error codes of the normalizer: callers map them to messages, never parse the text. */
export type NormalizeErrorCode =
  'NORMALIZE_INVALID_INPUT' | 'NORMALIZE_INVALID_NUMBER' | 'NORMALIZE_INVALID_DICTIONARY'

export class NormalizeError extends Error {
  readonly code: NormalizeErrorCode

  constructor(code: NormalizeErrorCode, message: string) {
    super(message)
    this.name = 'NormalizeError'
    this.code = code
  }
}

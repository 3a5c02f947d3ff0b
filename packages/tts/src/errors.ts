/** Stable error codes of the speech engine: callers map them to messages, never parse the text. */
export type TtsErrorCode =
  | 'TTS_EMPTY_TEXT'
  | 'TTS_TEXT_TOO_LONG'
  | 'TTS_UNKNOWN_VOICE'
  | 'TTS_INVALID_OPTION'
  | 'TTS_ENGINE_UNAVAILABLE'
  | 'TTS_ENGINE_FAILED'
  | 'TTS_ABORTED'
  | 'TTS_TIMEOUT'
  /** A neural voice's model cannot be loaded (corrupt, truncated, not a Piper export). */
  | 'TTS_VOICE_MODEL_INVALID'
  /** A neural voice's JSON is missing fields, malformed or not JSON. */
  | 'TTS_VOICE_CONFIG_INVALID'
  /** A neural voice's files are gone (removed while the service runs). */
  | 'TTS_VOICE_UNAVAILABLE'
  /** The text's phonemes are none the neural voice knows (its phoneme map does not fit eSpeak's). */
  | 'TTS_UNKNOWN_PHONEME'
  /** Provider voices (`ProviderErrorCode` of @loa/contracts): unreachable or paused, key refused, 429, request refused. */
  | 'PROVIDER_UNAVAILABLE'
  | 'PROVIDER_AUTH_FAILED'
  | 'PROVIDER_RATE_LIMITED'
  | 'PROVIDER_REJECTED'

export class TtsError extends Error {
  readonly code: TtsErrorCode

  constructor(code: TtsErrorCode, message: string) {
    super(message)
    this.name = 'TtsError'
    this.code = code
  }
}

export const isTtsError = (error: unknown): error is TtsError =>
  error instanceof TtsError ||
  (typeof error === 'object' &&
    error !== null &&
    (error as { name?: unknown }).name === 'TtsError' &&
    typeof (error as { code?: unknown }).code === 'string')

import { HttpError } from '../http/client'
import { errorKey } from '../errors'

/** Error codes the studio/console translate themselves (messages `studio.errors.*`). */
export const STUDIO_ERROR_CODES = new Set([
  'INSUFFICIENT_CREDITS',
  'TEXT_TOO_LONG',
  'TEXT_EMPTY',
  'TTS_EMPTY_TEXT',
  // Neural voices (issue 19): a voice removed or damaged while a request used it.
  'TTS_VOICE_UNAVAILABLE',
  'TTS_VOICE_MODEL_INVALID',
  'TTS_VOICE_CONFIG_INVALID',
  'TTS_UNKNOWN_PHONEME',
  'VOICE_NOT_FOUND',
  'SYNTHESIS_OPTION_INVALID',
  'SYNTHESIS_NOT_FOUND',
  'SYNTHESIS_NOT_READY',
  'CALLBACK_URL_INVALID',
  'CALLBACK_URL_FORBIDDEN',
  'CALLBACK_URL_UNRESOLVABLE',
  'API_APP_NOT_FOUND',
  'APP_TOKEN_INVALID',
  'APP_REVOKED',
  'TTS_CONCURRENCY_LIMIT_REACHED',
  'TTS_RATE_LIMITED',
  'ERR_NETWORK',
  'ECONNABORTED',
  'VALIDATION_FAILED',
  'UNAUTHORIZED',
  'RATE_LIMITED',
  'DEMO_RATE_LIMITED',
  'DEMO_SYNTHESIS_UNAVAILABLE',
  'DICTIONARY_ENTRY_NOT_FOUND',
  'DICTIONARY_ENTRY_EXISTS',
  'DICTIONARY_LIMIT_REACHED',
  'DICTIONARY_WORD_INVALID',
  'DICTIONARY_READING_INVALID',
  'STUDIO_PROJECT_NOT_FOUND',
  'STUDIO_PROJECT_REVISION_CONFLICT',
  'STUDIO_PROJECT_LIMIT_REACHED',
])

export const errorCodeOf = (error: unknown): string | undefined => {
  if (typeof error === 'string') return error
  if (error instanceof HttpError) return error.code ?? (error.status === 429 ? 'RATE_LIMITED' : undefined)
  const code = (error as { errorCode?: unknown } | null)?.errorCode
  return typeof code === 'string' ? code : undefined
}

/** The message key of an error: `studio.errors.<code>` when the studio knows it, else the web's `errors.*`. */
export const studioErrorKey = (error: unknown): string => {
  const code = errorCodeOf(error)
  if (code && STUDIO_ERROR_CODES.has(code)) return `studio.errors.${code}`
  return `errors.${errorKey(error)}`
}

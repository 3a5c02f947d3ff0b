import { errorCodeOf, studioErrorKey } from '../studio/errors'

/**
 * Error codes of the developer API the console translates itself (messages `devConsole.errors.*`): token expiry
 * and the current (`/v1`) API's own codes. Everything else goes through the studio's and the web's catalogues.
 */
export const CONSOLE_ERROR_CODES = new Set([
  'APP_TOKEN_EXPIRED',
  'APP_ID_REQUIRED',
  'APP_ID_MISMATCH',
  'TTS_SYNC_TEXT_TOO_LONG',
  'TTS_SYNC_FAILED',
  'TTS_CCR_MAX_LIMIT_REACHED',
  'TTS_AUDIO_EXPIRED',
])

/** The message key of an error the console shows. */
export const consoleErrorKey = (error: unknown): string => {
  const code = errorCodeOf(error)
  return code && CONSOLE_ERROR_CODES.has(code) ? `devConsole.errors.${code}` : studioErrorKey(error)
}

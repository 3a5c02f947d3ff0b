import { HttpError } from './http/client'

/** Error codes the web translates (messages `errors.*`). Anything else falls back to UNKNOWN. */
export const KNOWN_ERROR_CODES = new Set([
  'VALIDATION_FAILED',
  'MALFORMED_JSON',
  'BODY_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'NOT_FOUND',
  'METHOD_NOT_ALLOWED',
  'UNAUTHORIZED',
  'TOKEN_EXPIRED',
  'TOKEN_INVALID',
  'FORBIDDEN',
  'RATE_LIMITED',
  'CONFLICT',
  'SERVICE_UNAVAILABLE',
  'INTERNAL_ERROR',
  // Provider voices (issue #26 §2): the request failed at the outside provider, its credits released.
  'PROVIDER_UNAVAILABLE',
  'PROVIDER_AUTH_FAILED',
  'PROVIDER_RATE_LIMITED',
  'PROVIDER_REJECTED',
  'TEXT_TOO_LONG',
  'INSUFFICIENT_CREDITS',
  'DEMO_SYNTHESIS_UNAVAILABLE',
  'ECONNABORTED',
  'ERR_NETWORK',
  'user_already_exists',
])

/** The translation key (under `errors`) for an error, an error code or an error body. */
export const errorKey = (error: unknown): string => {
  let code: unknown
  if (typeof error === 'string') code = error
  else if (error instanceof HttpError)
    code = error.code ?? (error.status === 429 ? 'RATE_LIMITED' : undefined)
  else if (error && typeof error === 'object') code = (error as { errorCode?: unknown }).errorCode
  return typeof code === 'string' && KNOWN_ERROR_CODES.has(code) ? code : 'UNKNOWN'
}

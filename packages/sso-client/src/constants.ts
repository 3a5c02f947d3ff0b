/**
 * Constants of the client: the spec's (shared with the services, from the browser-safe entry of `@loa/contracts`)
 * and the client's own decisions.
 */
export {
  DEFAULT_LOGOUT_FAILED_MESSAGE,
  DEFAULT_REFRESH_FAILED_MESSAGE,
  HTTP_SUCCESS_MAX,
  HTTP_SUCCESS_MIN,
  HTTP_TIMEOUT_MS,
  httpFailureMessage,
  LEFTOVER_CODE_TIMEOUT_MS,
  PKCE_COOKIE_PREFIX,
  PKCE_METHOD,
  PKCE_VERIFIER_BYTES,
  REFRESH_FROM_TOKEN_FAILED_MESSAGE,
  SSO_CONFIG_MISSING_MESSAGE,
  USE_AUTH_OUTSIDE_PROVIDER_MESSAGE,
  USER_ALREADY_EXISTS,
} from '@loa/contracts/browser'
import { HTTP_TIMEOUT_MS } from '@loa/contracts/browser'

// Client-only decisions (not in the spec; see README "Decisions").

/** A saved login-challenge record older than this is ignored (keycloak-js keeps its callback state 1 h). */
export const LOGIN_RECORD_MAX_AGE_MS = 60 * 60 * 1000
/** Default `minValidity` of `updateToken`, as in keycloak-js. */
export const DEFAULT_MIN_VALIDITY_S = 5
/** Proactive refresh happens this many seconds before expiry (capped at a third of the token lifetime). */
export const PROACTIVE_REFRESH_MARGIN_S = 30
/** Retry delay of a proactive refresh that failed for a transient reason (network, 5xx). */
export const PROACTIVE_RETRY_MS = 5_000
/** How long a tab waits for the tokens another tab just obtained before refreshing itself. */
export const SHARED_TOKENS_WAIT_MS = 1_000
/** The localStorage lock (used when the Web Locks API is missing) expires after this long. */
export const STORAGE_LOCK_TTL_MS = HTTP_TIMEOUT_MS + 5_000
/** Query parameters of an authorization response that are removed from the address once handled. */
export const CALLBACK_PARAMS = ['code', 'state', 'iss', 'session_state'] as const

/**
 * Spec constants and messages used by the client. Copied from `@loa/contracts` (kept identical; a test compares
 * them) so that the browser bundle does not pull zod in through the contracts barrel.
 */

export const HTTP_TIMEOUT_MS = 15_000
export const HTTP_SUCCESS_MIN = 200
export const HTTP_SUCCESS_MAX = 299
export const httpFailureMessage = (status: number): string => `Request failed with status code ${status}`

/** Leftover `code` query parameter is removed after this long (spec §2, §9). */
export const LEFTOVER_CODE_TIMEOUT_MS = 10_000

export const PKCE_COOKIE_PREFIX = 'pkce'
export const PKCE_VERIFIER_BYTES = 32
export const PKCE_METHOD = 'S256'

export const USER_ALREADY_EXISTS = 'user_already_exists'

export const DEFAULT_REFRESH_FAILED_MESSAGE = 'Refresh token failed'
export const DEFAULT_LOGOUT_FAILED_MESSAGE = 'Logout failed'
export const REFRESH_FROM_TOKEN_FAILED_MESSAGE = 'Failed to get token from refresh token'
export const SSO_CONFIG_MISSING_MESSAGE = 'Please provide the clientId, ssoUrl, and ssoApiUrl in the config'
export const USE_AUTH_OUTSIDE_PROVIDER_MESSAGE = 'useAuthSSO must be used within a SSOProvider'

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

/** Business constants of the product specification (§9), named once and imported everywhere. */

export const HTTP_TIMEOUT_MS = 15_000
export const HTTP_SUCCESS_MIN = 200
export const HTTP_SUCCESS_MAX = 299
export const httpFailureMessage = (status: number): string => `Request failed with status code ${status}`

/** Leftover `code` query parameter is removed after this long (spec §2, §9). */
export const LEFTOVER_CODE_TIMEOUT_MS = 10_000

export const TOAST_DURATION_MS = 3_000
export const TOAST_MAX_VISIBLE = 3
export const TOAST_TYPES = ['success', 'error', 'warning', 'info'] as const
export type ToastType = (typeof TOAST_TYPES)[number]

export const POPUP_DELAY_MS = 3_000
export const POPUP_DEFAULT_WIDTH = 1200
export const POPUP_DEFAULT_HEIGHT = 675
export const NARROW_BREAKPOINT_PX = 768

export const PKCE_COOKIE_PREFIX = 'pkce'
export const PKCE_VERIFIER_BYTES = 32
export const PKCE_METHOD = 'S256'

export const PERIOD_DAYS = { monthly: 30, quarterly: 90, yearly: 365 } as const
export const DURATION_DAYS = { year: 360, month: 30, infinite: -1 } as const

export const DEFAULT_COUNTRY = 'VN'
export const LOCALES = ['vi', 'en'] as const
export type Locale = (typeof LOCALES)[number]
export const DEFAULT_LOCALE: Locale = 'vi'

export const OPENING_HOURS = {
  opens: '08:30',
  closes: '17:30',
  days: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'],
} as const
export const PRICE_RANGE = '7-1000'

/** GrowthBook SDK cache numbers (spec §9). */
export const FLAG_CACHE_STALE_MS = 60_000
export const FLAG_CACHE_MAX_ENTRIES = 10
export const FLAG_IDLE_STREAM_MS = 20_000
export const FLAG_EVENT_BATCH_MS = 2_000

export const I18N_DEFAULT_NAMESPACE = 'common'
export const I18N_RETRY_COUNT = 5
export const I18N_RETRY_DELAY_MS = 350

export const IMAGE_WIDTHS = [640, 750, 828, 1080, 1200, 1920, 2048, 3840] as const
export const LAZY_LOAD_MARGIN = '200px'

export const AUTH_MODES = ['login', 'sign_up', 'sign_in'] as const
export const USER_ALREADY_EXISTS = 'user_already_exists'

export const DEFAULT_REFRESH_FAILED_MESSAGE = 'Refresh token failed'
export const DEFAULT_LOGOUT_FAILED_MESSAGE = 'Logout failed'
export const REFRESH_FROM_TOKEN_FAILED_MESSAGE = 'Failed to get token from refresh token'
export const SSO_CONFIG_MISSING_MESSAGE = 'Please provide the clientId, ssoUrl, and ssoApiUrl in the config'
export const USE_AUTH_OUTSIDE_PROVIDER_MESSAGE = 'useAuthSSO must be used within a SSOProvider'

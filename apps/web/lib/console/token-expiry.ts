import type { TokenLifetimeDays } from '../api/types'

/** The lifetimes the console offers (the API's `expires_in_days`): days, or null for a token that never expires. */
export const TOKEN_LIFETIMES: readonly TokenLifetimeDays[] = [7, 30, 60, 90, null]
/** Preselected when creating an app or rotating its token: long enough to set up, short enough to get rotated. */
export const DEFAULT_TOKEN_LIFETIME: TokenLifetimeDays = 90
/** Token expiry is shown in Vietnam's time, whatever the browser's zone. */
export const EXPIRY_TIME_ZONE = 'Asia/Ho_Chi_Minh'

const DAY_MS = 86_400_000

/** The value of a lifetime `<option>` and back ("never" for null). */
export const lifetimeValue = (days: TokenLifetimeDays): string => (days === null ? 'never' : String(days))
export const lifetimeOf = (value: string): TokenLifetimeDays => {
  const index = TOKEN_LIFETIMES.findIndex((days) => lifetimeValue(days) === value)
  return index < 0 ? DEFAULT_TOKEN_LIFETIME : TOKEN_LIFETIMES[index]!
}

export type ExpiryState =
  | { kind: 'never' }
  | { kind: 'expired'; at: string }
  /** Less than a day left. */
  | { kind: 'soon'; at: string }
  /** About `days` days left (rounded: a 7-day token reads 7 days just after it is made). */
  | { kind: 'active'; at: string; days: number }

/** Where a token stands at `now`: never expires, expired, expires within a day, or in N days. */
export const expiryState = (expiresAt: string | null, now: number = Date.now()): ExpiryState => {
  if (expiresAt === null) return { kind: 'never' }
  const left = Date.parse(expiresAt) - now
  if (left <= 0) return { kind: 'expired', at: expiresAt }
  if (left < DAY_MS) return { kind: 'soon', at: expiresAt }
  return { kind: 'active', at: expiresAt, days: Math.max(1, Math.round(left / DAY_MS)) }
}

/** A date and time in Vietnam (e.g. `17:05 30/11/2026` in vi, `30 Nov 2026, 17:05` in en). */
export const vietnamTime = (iso: string, locale: string): string =>
  new Intl.DateTimeFormat(locale === 'en' ? 'en-GB' : 'vi-VN', {
    timeZone: EXPIRY_TIME_ZONE,
    day: '2-digit',
    month: locale === 'en' ? 'short' : '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hour12: false,
  }).format(new Date(iso))

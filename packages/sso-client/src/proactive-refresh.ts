import { secondsUntilExpiry, type AuthState } from './auth-state.ts'
import { PROACTIVE_REFRESH_MARGIN_S } from './constants.ts'

/** setTimeout's largest delay; longer ones fire at once. */
export const MAX_TIMER_MS = 2_147_483_647

/**
 * When to refresh proactively: PROACTIVE_REFRESH_MARGIN_S (at most a third of the token lifetime) before expiry,
 * in milliseconds from now; undefined when the token has no expiry.
 */
export function proactiveRefreshDelayMs(auth: AuthState, now: number): number | undefined {
  const left = secondsUntilExpiry(auth, now)
  if (left === undefined) return undefined
  const { exp, iat } = auth.tokenParsed ?? {}
  const lifetime =
    typeof exp === 'number' && typeof iat === 'number' ? exp - iat : PROACTIVE_REFRESH_MARGIN_S * 3
  const margin = Math.max(1, Math.min(PROACTIVE_REFRESH_MARGIN_S, Math.floor(lifetime / 3)))
  return Math.min(Math.max(0, (left - margin) * 1000), MAX_TIMER_MS)
}

/** A timer that runs at most one callback at a time (setting it again replaces the pending one). */
export class OneShotTimer {
  private id: ReturnType<typeof setTimeout> | undefined

  set(callback: () => void, delayMs: number): void {
    this.clear()
    this.id = setTimeout(
      () => {
        this.id = undefined
        callback()
      },
      Math.min(delayMs, MAX_TIMER_MS),
    )
  }

  clear(): void {
    if (this.id !== undefined) clearTimeout(this.id)
    this.id = undefined
  }
}

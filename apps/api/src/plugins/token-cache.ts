import type { AuthUser } from './token-verifier.ts'

export interface TokenCacheOptions {
  /** Longest a verified token is reused without its signature being checked again; 0 = no cache. */
  maxAgeMs: number
  maxEntries?: number
  now?: () => number
}

const MAX_ENTRIES = 10_000

/**
 * Verified access tokens, reused instead of checking the RS256 signature (and audience, issuer, type) on every
 * call: an entry is the verifier's own answer for that exact token string, kept until the token's `exp` or
 * `maxAgeMs` after it was verified, whichever comes first — never past the token's expiry, so an expired token
 * goes back to the verifier (which refuses it). Only successes are kept: a forged, expired or otherwise refused
 * token is verified (and refused) every time. The session check (revocation) still runs on every call, after this.
 * `maxAgeMs` also bounds how long a token signed by a key the SSO has since rotated out stays accepted.
 */
export const cachedTokenVerifier = (
  verify: (token: string) => Promise<AuthUser>,
  options: TokenCacheOptions,
): ((token: string) => Promise<AuthUser>) => {
  if (options.maxAgeMs <= 0) return verify
  const now = options.now ?? Date.now
  const maxEntries = options.maxEntries ?? MAX_ENTRIES
  const entries = new Map<string, { user: AuthUser; until: number }>()
  return async (token) => {
    const at = now()
    const hit = entries.get(token)
    if (hit) {
      if (at < hit.until) return hit.user
      entries.delete(token)
    }
    // Shared by every request that sends this token: nothing may change it.
    const user = Object.freeze(await verify(token))
    const expiresAt = typeof user.claims.exp === 'number' ? user.claims.exp * 1000 : 0
    const until = Math.min(expiresAt, at + options.maxAgeMs)
    if (until > now()) {
      if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!)
      entries.set(token, { user, until })
    }
    return user
  }
}

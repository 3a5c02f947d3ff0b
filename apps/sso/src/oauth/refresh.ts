import type { SsoContext } from '../context.ts'
import { invalidGrant } from '../lib/oauth-error.ts'
import { issueTokenSet, verifyOwnToken, type TokenSet } from './tokens.ts'
import { consumeRefreshToken, findGrant, findRefreshToken, revokeGrant } from '../store/grants.ts'
import { findSessionById, isSessionLive, touchSession } from '../store/sessions.ts'
import { findUserById } from '../store/users.ts'

/**
 * Refresh-token rotation with reuse detection (RFC 9700 §4.14.2): every refresh consumes the presented token
 * atomically and issues a new one in the same family (grant); a consumed token presented again revokes the whole
 * family. Rotated tokens never outlive the grant (bounded by the session's absolute lifetime); the session's idle
 * timer bounds unused tokens. No grace window: two concurrent refreshes with one token end the family (the client
 * library serialises refreshes across tabs).
 */
export const refreshGrant = async (ctx: SsoContext, token: string, clientId: string): Promise<TokenSet> => {
  let jti: string
  try {
    const payload = await verifyOwnToken(ctx, token, 'Refresh', { ignoreExpiry: true })
    if (typeof payload.jti !== 'string') throw new Error('no jti')
    jti = payload.jti
  } catch {
    throw invalidGrant('invalid refresh token')
  }
  const now = ctx.now()
  const row = await findRefreshToken(ctx.db, jti)
  if (!row) throw invalidGrant('invalid refresh token')
  const grant = await findGrant(ctx.db, row.grantId)
  if (!grant || grant.revokedAt) throw invalidGrant('refresh token revoked')
  if (grant.clientId !== clientId) throw invalidGrant('client mismatch')
  if (row.expiresAt.getTime() <= now.getTime() || grant.expiresAt.getTime() <= now.getTime())
    throw invalidGrant('refresh token expired')
  if (!(await consumeRefreshToken(ctx.db, jti, now))) {
    await revokeGrant(ctx.db, grant.id, now, 'refresh_token_reused')
    throw invalidGrant('refresh token already used')
  }
  const session = await findSessionById(ctx.db, grant.sessionId)
  if (!session || !isSessionLive(session, now, ctx.lifetimes)) {
    await revokeGrant(ctx.db, grant.id, now, 'session_ended')
    throw invalidGrant('session expired')
  }
  const user = await findUserById(ctx.db, grant.userId)
  if (!user || user.disabled) throw invalidGrant('account unavailable')
  await touchSession(ctx.db, session.id, now)
  return issueTokenSet(ctx, { user, grant, authTime: session.createdAt })
}

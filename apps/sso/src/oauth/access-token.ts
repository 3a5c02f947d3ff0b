import type { SsoContext } from '../context.ts'
import { verifyOwnToken } from './tokens.ts'
import { findGrant } from '../store/grants.ts'
import { findSessionById, isSessionLive } from '../store/sessions.ts'

/**
 * Full check of an access token as the SSO sees it (signature, RS256, issuer, expiry, not-before, and that its
 * session and grant are still alive). Resource servers verify signature/issuer/expiry through the JWKS; this is
 * what the introspection and userinfo endpoints answer with.
 */
export const checkAccessToken = async (ctx: SsoContext, token: string) => {
  const payload = await verifyOwnToken(ctx, token, 'Bearer')
  const now = ctx.now()
  if (typeof payload.sid !== 'string' || typeof payload.gid !== 'string') throw new Error('missing sid')
  const session = await findSessionById(ctx.db, payload.sid)
  if (!session || session.revokedAt || session.expiresAt.getTime() <= now.getTime())
    throw new Error('session ended')
  if (!isSessionLive(session, now, ctx.lifetimes)) throw new Error('session idle')
  const grant = await findGrant(ctx.db, payload.gid)
  if (!grant || grant.revokedAt) throw new Error('grant revoked')
  return payload
}

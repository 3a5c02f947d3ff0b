import type { FastifyReply, FastifyRequest } from 'fastify'
import type { SsoContext } from '../context.ts'
import type { AuthorizationRequest } from './authorize-request.ts'
import { buildRedirect } from './authorize-request.ts'
import { cookieNames, readCookie, setCookie } from '../http/cookies.ts'
import { seeOther } from '../http/render.ts'
import { createAuthCode } from '../store/grants.ts'
import { createSession, resolveSessionCookie, revokeSession, type Session } from '../store/sessions.ts'
import { grantOperatorRoles } from './operators.ts'

/**
 * Signs a user in at the SSO: always a *new* session id (no fixation); a previous session in this browser is
 * ended. Sets the HttpOnly session cookie. An ADMIN_EMAILS account gets its operator roles here (every sign-in path).
 */
export const startSession = async (
  ctx: SsoContext,
  request: FastifyRequest,
  reply: FastifyReply,
  userId: string,
): Promise<Session> => {
  const now = ctx.now()
  const name = cookieNames(ctx.config).session
  const previous = await resolveSessionCookie(ctx.db, readCookie(request, name), now, ctx.lifetimes)
  if (previous) await revokeSession(ctx.db, previous.id, now, 'replaced_by_login')
  const granted = await grantOperatorRoles(ctx, userId)
  if (granted.length) request.log.info({ userId, granted }, 'ADMIN_EMAILS: operator roles granted at sign-in')
  const { session, token } = await createSession(ctx.db, userId, now, ctx.lifetimes, {
    userAgent: request.headers['user-agent'],
    ip: request.ip,
  })
  setCookie(reply, ctx.config, name, token, ctx.lifetimes.maxSeconds)
  return session
}

/** Issues a code bound to client + redirect URI + PKCE challenge and answers 303 with `code`, `state`, `iss`. */
export const redirectWithCode = async (
  ctx: SsoContext,
  reply: FastifyReply,
  args: { request: AuthorizationRequest; userId: string; session: Session },
) => {
  const { request, session } = args
  const code = await createAuthCode(
    ctx.db,
    {
      clientId: request.clientId,
      redirectUri: request.redirectUri,
      codeChallenge: request.codeChallenge,
      userId: args.userId,
      sessionId: session.id,
      nonce: request.nonce ?? null,
      scope: request.scope,
      authTime: session.createdAt,
    },
    ctx.now(),
    ctx.config.ttl.code,
  )
  return seeOther(
    reply,
    buildRedirect(request.redirectUri, { code, state: request.state, iss: ctx.config.issuer }),
  )
}

export const redirectWithError = (
  ctx: SsoContext,
  reply: FastifyReply,
  redirectUri: string,
  error: string,
  description: string | undefined,
  state: string | undefined,
) =>
  seeOther(
    reply,
    buildRedirect(redirectUri, { error, error_description: description, state, iss: ctx.config.issuer }),
  )

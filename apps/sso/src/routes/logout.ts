import type { FastifyInstance } from 'fastify'
import type { SsoContext } from '../context.ts'
import { OAuthError, invalidRequest } from '../lib/oauth-error.ts'
import { logoutBody, parseApiBody } from '../http/bodies.ts'
import { assertBrowserCallAllowed } from '../http/cors.ts'
import { clearCookie, cookieNames, readCookie } from '../http/cookies.ts'
import { verifyOwnToken } from '../oauth/tokens.ts'
import { findClient } from '../store/clients.ts'
import { findGrant, findRefreshToken } from '../store/grants.ts'
import { resolveSessionCookie, revokeSession } from '../store/sessions.ts'

/** Session ids this browser proves: the SSO session cookie and the client's refresh cookie. */
export const browserSessionIds = async (
  ctx: SsoContext,
  request: Parameters<typeof readCookie>[0],
  clientId: string,
): Promise<Set<string>> => {
  const ids = new Set<string>()
  const names = cookieNames(ctx.config)
  const session = await resolveSessionCookie(
    ctx.db,
    readCookie(request, names.session),
    ctx.now(),
    ctx.lifetimes,
  )
  if (session) ids.add(session.id)
  const rt = readCookie(request, names.refresh(clientId))
  if (rt) {
    try {
      const payload = await verifyOwnToken(ctx, rt, 'Refresh', { ignoreExpiry: true })
      const row = typeof payload.jti === 'string' ? await findRefreshToken(ctx.db, payload.jti) : undefined
      const grant = row ? await findGrant(ctx.db, row.grantId) : undefined
      if (grant && grant.clientId === clientId) ids.add(grant.sessionId)
    } catch {
      /* a forged or foreign cookie proves nothing */
    }
  }
  return ids
}

/**
 * `POST /api/v1/logout {clientId, fingerprint, redirectUri}`: ends the browser's SSO session and every refresh
 * family under it, clears the cookies, and answers status 1 with the redirect address — only a post-logout URI
 * registered for that client. `fingerprint` is untrusted and only logged.
 */
export const registerLogoutRoute = (app: FastifyInstance, ctx: SsoContext) => {
  app.post(
    '/api/v1/logout',
    { config: { rateLimit: { max: ctx.config.tokenRateLimit, timeWindow: 60_000 } } },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store')
      const refused = await assertBrowserCallAllowed(ctx, request)
      if (refused) throw new OAuthError('invalid_request', refused, 403)
      const b = parseApiBody(logoutBody, request.body)
      const clientId = b.clientId || b.client_id
      const redirectUri = b.redirectUri ?? b.redirect_uri ?? b.post_logout_redirect_uri
      if (!clientId) throw invalidRequest('missing clientId')
      const client = await findClient(ctx.db, clientId)
      if (!client) throw new OAuthError('invalid_client', 'unknown client', 400)
      if (redirectUri !== undefined && !client.postLogoutRedirectUris.includes(redirectUri))
        throw invalidRequest('redirectUri is not a registered post-logout URI for this client')
      const fingerprint = b.fingerprint ? b.fingerprint.slice(0, 200) : undefined
      request.log.info({ clientId: client.id, fingerprint }, 'logout')
      const now = ctx.now()
      for (const id of await browserSessionIds(ctx, request, client.id))
        await revokeSession(ctx.db, id, now, 'logout')
      const names = cookieNames(ctx.config)
      clearCookie(reply, ctx.config, names.session)
      clearCookie(reply, ctx.config, names.refresh(client.id))
      const target = redirectUri ?? client.postLogoutRedirectUris[0] ?? null
      return { status: 1, message: 'Logged out', result: { redirect_uri: target } }
    },
  )
}

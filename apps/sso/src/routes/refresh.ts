import type { FastifyInstance } from 'fastify'
import type { SsoContext } from '../context.ts'
import { OAuthError, invalidRequest } from '../lib/oauth-error.ts'
import { parseApiBody, refreshBody } from '../http/bodies.ts'
import { assertBrowserCallAllowed } from '../http/cors.ts'
import { clearCookie, cookieNames, readCookie } from '../http/cookies.ts'
import { refreshGrant } from '../oauth/refresh.ts'
import { findClient } from '../store/clients.ts'
import { NO_STORE, setRefreshCookie } from './token.ts'

/** The answer to a refresh without any refresh token (no cookie of that client, none in the body). */
export const NO_SESSION = Object.freeze({ status: 0, message: 'No session', result: null })

/**
 * `POST /api/v1/auth/refresh-token {clientId}`: the spec's refresh, authenticated by the client's HttpOnly
 * refresh cookie (or `refreshToken` in the body). Answers `{status: 1, message, result: {access_token,
 * refresh_token, id_token, …}}`; a refused token (invalid, expired, revoked, another client's) is a 400 with status 0
 * and the cookie is cleared. A request with no refresh token at all is not a refusal: there is simply no session, so
 * it answers 200 `{status: 0, message: 'No session', result: null}` (still a failed refresh for the client, but not
 * an error a browser logs on every visitor's page load; docs/decisions.md).
 */
export const registerRefreshRoute = (app: FastifyInstance, ctx: SsoContext) => {
  app.post(
    '/api/v1/auth/refresh-token',
    { config: { rateLimit: { max: ctx.config.tokenRateLimit, timeWindow: 60_000 } } },
    async (request, reply) => {
      void reply.headers(NO_STORE)
      const refused = await assertBrowserCallAllowed(ctx, request)
      if (refused) throw new OAuthError('invalid_request', refused, 403)
      const b = parseApiBody(refreshBody, request.body)
      const clientId = b.clientId || b.client_id
      if (!clientId) throw invalidRequest('missing clientId')
      const client = await findClient(ctx.db, clientId)
      if (!client) throw new OAuthError('invalid_client', 'unknown client', 400)
      const cookieName = cookieNames(ctx.config).refresh(client.id)
      const token = b.refreshToken || b.refresh_token || readCookie(request, cookieName)
      if (!token) return NO_SESSION
      try {
        const tokens = await refreshGrant(ctx, token, client.id)
        setRefreshCookie(ctx, reply, client.id, tokens)
        return { status: 1, message: 'Success', result: tokens }
      } catch (error) {
        clearCookie(reply, ctx.config, cookieName)
        throw error
      }
    },
  )
}

import type { FastifyInstance } from 'fastify'
import type { SsoContext } from '../context.ts'
import { OAuthError, invalidGrant, invalidRequest } from '../lib/oauth-error.ts'
import { assertBrowserCallAllowed } from '../http/cors.ts'
import { clearCookie, cookieNames, readCookie } from '../http/cookies.ts'
import { refreshGrant } from '../oauth/refresh.ts'
import { findClient } from '../store/clients.ts'
import { NO_STORE, setRefreshCookie } from './token.ts'

const optionalString = (v: unknown, name: string): string | undefined => {
  if (v === undefined || v === null || v === '') return undefined
  if (typeof v !== 'string' || v.length > 8192) throw invalidRequest(`${name} must be a string`)
  return v
}

/**
 * `POST /api/v1/auth/refresh-token {clientId}`: the spec's refresh, authenticated by the client's HttpOnly
 * refresh cookie (or `refreshToken` in the body). Answers `{status: 1, message, result: {access_token,
 * refresh_token, id_token, …}}`; failures are 400 with status 0 and the cookie is cleared.
 */
export const registerRefreshRoute = (app: FastifyInstance, ctx: SsoContext) => {
  app.post(
    '/api/v1/auth/refresh-token',
    { config: { rateLimit: { max: ctx.config.tokenRateLimit, timeWindow: 60_000 } } },
    async (request, reply) => {
      void reply.headers(NO_STORE)
      const refused = await assertBrowserCallAllowed(ctx, request)
      if (refused) throw new OAuthError('invalid_request', refused, 403)
      const body = request.body
      if (!body || typeof body !== 'object' || Array.isArray(body))
        throw invalidRequest('request body must be an object')
      const b = body as Record<string, unknown>
      const clientId = optionalString(b.clientId ?? b.client_id, 'clientId')
      if (!clientId) throw invalidRequest('missing clientId')
      const client = await findClient(ctx.db, clientId)
      if (!client) throw new OAuthError('invalid_client', 'unknown client', 400)
      const cookieName = cookieNames(ctx.config).refresh(client.id)
      const token =
        optionalString(b.refreshToken ?? b.refresh_token, 'refreshToken') ?? readCookie(request, cookieName)
      try {
        if (!token) throw invalidGrant('no refresh token')
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

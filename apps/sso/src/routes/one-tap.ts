import type { FastifyInstance } from 'fastify'
import type { SsoContext } from '../context.ts'
import { OAuthError, invalidGrant, invalidRequest } from '../lib/oauth-error.ts'
import { oneTapBody, parseApiBody } from '../http/bodies.ts'
import { assertBrowserCallAllowed } from '../http/cors.ts'
import { startSession } from '../oauth/complete.ts'
import { resolveSocialAccount } from '../oauth/social-account.ts'
import { createGoogleIdTokenVerifier } from '../social/google-id-token.ts'
import { issueTokenSet } from '../oauth/tokens.ts'
import { findClient } from '../store/clients.ts'
import { createGrant } from '../store/grants.ts'
import { NO_STORE, setRefreshCookie } from './token.ts'

/**
 * `POST /api/v1/auth/google-one-tap {clientId, token, affiliateCode}`: verifies the Google ID token (RS256
 * signature against Google's JWKS, `aud` = our Google client id, `iss` ∈ Google's issuers, `exp`), signs the
 * user in at the SSO and answers tokens like the refresh endpoint. JSON only, registered origins only.
 */
export const registerOneTapRoute = (app: FastifyInstance, ctx: SsoContext) => {
  const verifyGoogleIdToken = createGoogleIdTokenVerifier(ctx)
  app.post(
    '/api/v1/auth/google-one-tap',
    { config: { rateLimit: { max: ctx.config.loginRateLimit, timeWindow: 60_000 } } },
    async (request, reply) => {
      void reply.headers(NO_STORE)
      const refused = await assertBrowserCallAllowed(ctx, request)
      if (refused) throw new OAuthError('invalid_request', refused, 403)
      if (!verifyGoogleIdToken)
        throw new OAuthError('invalid_request', 'Google sign-in is not configured', 404)
      const b = parseApiBody(oneTapBody, request.body)
      const clientId = b.clientId || b.client_id
      if (!clientId) throw invalidRequest('missing clientId')
      const client = await findClient(ctx.db, clientId)
      if (!client) throw new OAuthError('invalid_client', 'unknown client', 400)
      if (!b.token) throw invalidRequest('missing token')
      const affiliate = b.affiliateCode || b.affiliate_code || undefined
      let claims
      try {
        claims = await verifyGoogleIdToken(b.token)
      } catch {
        throw invalidGrant('invalid Google ID token')
      }
      const result = await resolveSocialAccount(
        ctx,
        {
          provider: 'google',
          subject: claims.sub,
          email: typeof claims.email === 'string' ? claims.email : undefined,
          emailVerified: claims.email_verified === true,
          name: typeof claims.name === 'string' ? claims.name : undefined,
          picture: typeof claims.picture === 'string' ? claims.picture : undefined,
        },
        { affiliateCode: affiliate },
      )
      if (!result.ok)
        throw new OAuthError(
          result.error === 'user_already_exists' ? 'user_already_exists' : 'access_denied',
          result.description,
        )
      const session = await startSession(ctx, request, reply, result.user.id)
      const grant = await createGrant(
        ctx.db,
        {
          clientId: client.id,
          userId: result.user.id,
          sessionId: session.id,
          codeHash: null,
          scope: 'openid profile email',
          expiresAt: session.expiresAt,
        },
        ctx.now(),
      )
      const tokens = await issueTokenSet(ctx, { user: result.user, grant, authTime: session.createdAt })
      setRefreshCookie(ctx, reply, client.id, tokens)
      return { status: 1, message: 'Success', result: tokens }
    },
  )
}

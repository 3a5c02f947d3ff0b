import type { FastifyInstance } from 'fastify'
import type { SsoContext } from '../context.ts'
import { OAuthError, invalidGrant, invalidRequest } from '../lib/oauth-error.ts'
import { assertBrowserCallAllowed } from '../http/cors.ts'
import { startSession } from '../oauth/complete.ts'
import { resolveSocialAccount } from '../oauth/social-account.ts'
import { createGoogleIdTokenVerifier } from '../social/google-id-token.ts'
import { issueTokenSet } from '../oauth/tokens.ts'
import { findClient } from '../store/clients.ts'
import { createGrant } from '../store/grants.ts'
import { NO_STORE, setRefreshCookie } from './token.ts'

export const AFFILIATE_CODE_PATTERN = /^[A-Za-z0-9_-]{1,64}$/

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
      const body = request.body
      if (!body || typeof body !== 'object' || Array.isArray(body))
        throw invalidRequest('request body must be an object')
      const b = body as Record<string, unknown>
      const clientId = b.clientId ?? b.client_id
      if (typeof clientId !== 'string') throw invalidRequest('missing clientId')
      const client = await findClient(ctx.db, clientId)
      if (!client) throw new OAuthError('invalid_client', 'unknown client', 400)
      if (typeof b.token !== 'string' || !b.token || b.token.length > 8192)
        throw invalidRequest('missing token')
      const affiliate = b.affiliateCode ?? b.affiliate_code
      if (
        affiliate !== undefined &&
        affiliate !== null &&
        affiliate !== '' &&
        (typeof affiliate !== 'string' || !AFFILIATE_CODE_PATTERN.test(affiliate))
      )
        throw invalidRequest('affiliateCode must be 1-64 characters [A-Za-z0-9_-]')
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
        { affiliateCode: typeof affiliate === 'string' && affiliate ? affiliate : undefined },
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

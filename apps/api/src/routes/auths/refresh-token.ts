import { AppError, CommonErrorCode, ok } from '@loa/contracts'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { ApiErrorCode } from '../../errors.ts'
import { envelope } from '../../lib/wire.ts'
import { acceptCamelCaseBodies } from '../../plugins/camel-keys.ts'

/** The web client whose refresh tokens this call renews (the SSO binds every refresh token to one client). */
export const WEB_CLIENT_ID = 'loa-web'
const SSO_TIMEOUT_MS = 15_000

const tokensWire = z.object({
  access_token: z.string(),
  refresh_token: z.string().optional(),
  id_token: z.string().optional(),
  token_type: z.string().optional(),
  expires_in: z.number().optional(),
  refresh_expires_in: z.number().optional(),
})

/**
 * `POST /auths/refresh-token {refreshToken}` (spec §7): renews tokens with a refresh token at the SSO (rotation:
 * the old refresh token stops working) and answers `{status, result}` with the new ones. A refused refresh token is
 * 401 REFRESH_TOKEN_INVALID; an SSO that cannot be reached is 503.
 */
export const refreshTokenRoute: FastifyPluginAsyncZod = async (app) => {
  acceptCamelCaseBodies(app)
  // The SSO as the API reaches it (SSO_INTERNAL_URL, else SSO_PUBLIC_URL)
  const ssoUrl = `${app.ctx.config.ssoInternalUrl.replace(/\/+$/, '')}/api/v1/auth/refresh-token`
  app.post(
    '/auths/refresh-token',
    {
      config: { rateLimit: { max: app.ctx.config.rateLimits.forms, timeWindow: '1 minute' } },
      schema: {
        tags: ['account'],
        summary: 'Renew tokens with a refresh token (at the SSO)',
        body: z.object({ refresh_token: z.string().min(1).max(8192) }),
        response: { 200: envelope(tokensWire) },
      },
    },
    async (request) => {
      let response: Response
      try {
        response = await fetch(ssoUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json' },
          body: JSON.stringify({ clientId: WEB_CLIENT_ID, refreshToken: request.body.refresh_token }),
          signal: AbortSignal.timeout(SSO_TIMEOUT_MS),
        })
      } catch (cause) {
        throw new AppError(
          CommonErrorCode.SERVICE_UNAVAILABLE,
          'The sign-on service cannot be reached',
          503,
          {
            cause,
          },
        )
      }
      const answer = (await response.json().catch(() => undefined)) as
        { status?: unknown; result?: unknown } | undefined
      const tokens = tokensWire.safeParse(answer?.result)
      if (response.ok && answer?.status === 1 && tokens.success) return ok(tokens.data)
      if (response.status >= 500)
        throw new AppError(CommonErrorCode.SERVICE_UNAVAILABLE, 'The sign-on service failed', 503)
      throw new AppError(ApiErrorCode.REFRESH_TOKEN_INVALID, 'Failed to get token from refresh token', 401)
    },
  )
}

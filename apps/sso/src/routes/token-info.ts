import type { FastifyInstance } from 'fastify'
import type { SsoContext } from '../context.ts'
import { createGoogleIdTokenVerifier } from '../social/google-id-token.ts'

/** Claims Google's token-info endpoint returns for an ID token (all values as strings, as Google sends them). */
const CLAIMS = [
  'iss',
  'azp',
  'aud',
  'sub',
  'email',
  'email_verified',
  'name',
  'picture',
  'given_name',
  'family_name',
  'locale',
  'hd',
  'iat',
  'exp',
] as const

/**
 * `GET /tokeninfo?id_token=…`: a Google-compatible token-info endpoint (the spec's "third-party token-info read of
 * the One Tap user") for the embedded mode. The ID token is verified exactly as One Tap sign-in verifies it; the
 * answer has Google's shape (string claims; `{error: 'invalid_token'}` with 400 otherwise). Production can point
 * the web's GOOGLE_TOKEN_INFO_URL at Google's own endpoint instead.
 */
export const registerTokenInfoRoute = (app: FastifyInstance, ctx: SsoContext) => {
  const verify = createGoogleIdTokenVerifier(ctx)
  app.get(
    '/tokeninfo',
    { config: { rateLimit: { max: ctx.config.loginRateLimit, timeWindow: 60_000 } } },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store')
      const token = (request.query as Record<string, unknown>).id_token
      if (!verify)
        return reply
          .status(404)
          .send({ error: 'invalid_request', error_description: 'Google sign-in is not configured' })
      if (typeof token !== 'string' || !token || token.length > 8192)
        return reply.status(400).send({ error: 'invalid_token', error_description: 'Invalid Value' })
      try {
        const claims = await verify(token)
        const header = JSON.parse(Buffer.from(token.split('.')[0]!, 'base64url').toString()) as {
          alg?: unknown
          kid?: unknown
        }
        const info: Record<string, string> = {}
        for (const name of CLAIMS) {
          const value = claims[name]
          if (value !== undefined && value !== null) info[name] = String(value)
        }
        if (typeof header.alg === 'string') info.alg = header.alg
        if (typeof header.kid === 'string') info.kid = header.kid
        return info
      } catch {
        return reply.status(400).send({ error: 'invalid_token', error_description: 'Invalid Value' })
      }
    },
  )
}

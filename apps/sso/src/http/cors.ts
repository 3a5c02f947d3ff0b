import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { SsoContext } from '../context.ts'

/** Paths answering CORS with credentials for registered client origins only. */
export const CREDENTIALED_PATHS = new Set([
  '/api/v1/oauth/token',
  '/api/v1/auth/refresh-token',
  '/api/v1/logout',
  '/api/v1/auth/google-one-tap',
  '/protocol/openid-connect/token',
  '/realms/loa/protocol/openid-connect/token',
])

/** Public metadata: CORS `*` without credentials. */
export const PUBLIC_PATHS = new Set([
  '/.well-known/openid-configuration',
  '/protocol/openid-connect/certs',
  '/realms/loa',
  '/realms/loa/protocol/openid-connect/certs',
  '/protocol/openid-connect/userinfo',
  '/tokeninfo',
])

const pathOf = (request: FastifyRequest) => request.url.split('?')[0] ?? ''

const applyCredentialed = async (ctx: SsoContext, request: FastifyRequest, reply: FastifyReply) => {
  const origin = request.headers.origin
  if (typeof origin !== 'string' || !(await ctx.isAllowedOrigin(origin))) return false
  void reply.headers({
    'access-control-allow-origin': origin,
    'access-control-allow-credentials': 'true',
    vary: 'Origin',
  })
  return true
}

/** CORS: credentialed allowlist on the API endpoints, `*` on metadata, nothing anywhere else (never /authorize). */
export const registerCors = (app: FastifyInstance, ctx: SsoContext) => {
  for (const path of [...PUBLIC_PATHS, ...CREDENTIALED_PATHS])
    app.options(path, async (_request, reply) => reply.status(204).send())
  app.addHook('onRequest', async (request, reply) => {
    const path = pathOf(request)
    if (PUBLIC_PATHS.has(path)) {
      void reply.header('access-control-allow-origin', '*')
      if (request.method === 'OPTIONS')
        return reply
          .status(204)
          .headers({
            'access-control-allow-methods': 'GET, POST',
            'access-control-allow-headers': 'authorization, content-type',
            'access-control-max-age': '600',
          })
          .send()
      return
    }
    if (!CREDENTIALED_PATHS.has(path)) return
    const allowed = await applyCredentialed(ctx, request, reply)
    if (request.method === 'OPTIONS') {
      if (!allowed) return reply.status(403).send()
      return reply
        .status(204)
        .headers({
          'access-control-allow-methods': 'POST',
          'access-control-allow-headers': 'content-type, authorization',
          'access-control-max-age': '600',
        })
        .send()
    }
  })
}

/**
 * Cookie-authenticated JSON endpoints (refresh, logout, One Tap) refuse cross-site requests: a present `Origin`
 * must be a registered client origin (or the SSO itself) and the body must be JSON, so a "simple" cross-site form
 * or text/plain POST never reaches them.
 */
export const assertBrowserCallAllowed = async (
  ctx: SsoContext,
  request: FastifyRequest,
): Promise<string | undefined> => {
  const origin = request.headers.origin
  if (
    typeof origin === 'string' &&
    origin !== new URL(ctx.config.issuer).origin &&
    !(await ctx.isAllowedOrigin(origin))
  )
    return 'origin not allowed'
  const type = request.headers['content-type'] ?? ''
  if (!/^application\/json\b/i.test(type)) return 'content type must be application/json'
  return undefined
}

import { AppError, CommonErrorCode } from '@loa/contracts'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ApiDeps } from '../types.ts'
import { createSessionCheck } from './session-check.ts'
import { cachedTokenVerifier } from './token-cache.ts'
import { createTokenVerifier, type AuthUser } from './token-verifier.ts'

declare module 'fastify' {
  interface FastifyRequest {
    /** The verified caller, or null on public calls without a token. */
    auth: AuthUser | null
  }
  interface FastifyInstance {
    /** onRequest hook: the caller must be signed in. */
    requireUser: (request: FastifyRequest) => Promise<void>
    /** onRequest hook: the caller must hold the admin role on this API's resource. */
    requireAdmin: (request: FastifyRequest) => Promise<void>
    /** onRequest hook: reads a token when one is sent (a bad token is still rejected). */
    optionalUser: (request: FastifyRequest) => Promise<void>
  }
}

const bearer = (request: FastifyRequest): string | undefined => {
  const header = request.headers.authorization
  if (!header) return undefined
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header)
  if (!match)
    throw new AppError(CommonErrorCode.TOKEN_INVALID, 'Authorization header must be "Bearer <token>"', 401)
  return match[1]
}

/** Auth hooks; a route subtree opts in with one `addHook('onRequest', app.requireUser)`. */
export const installAuth = (app: FastifyInstance, deps: ApiDeps): void => {
  // A token verified once is trusted until its expiry (at most API_TOKEN_CACHE_MS); revocation is checked below.
  const verify = cachedTokenVerifier(
    createTokenVerifier({
      issuer: deps.config.ssoIssuer,
      jwksUrl: deps.config.ssoJwksUrl,
      realmInfoUrl: deps.config.ssoRealmInfoUrl,
      keys: deps.jwks,
      resource: deps.config.ssoResource,
      audience: deps.config.ssoAudiences,
      clockToleranceSeconds: deps.config.tokenClockToleranceSeconds,
    }),
    { maxAgeMs: deps.config.tokenCacheMs },
  )
  const { sessionCheck } = deps.config
  const checkSession =
    sessionCheck &&
    createSessionCheck({
      url: sessionCheck.url,
      cacheMs: sessionCheck.cacheMs,
      redis: app.ctx.redis,
      redisPrefix: `${deps.config.rateLimitRedisPrefix}{session}:`,
      log: app.log,
    })
  app.decorateRequest('auth', null)
  app.decorateRequest('profile', null)
  const read = async (request: FastifyRequest, required: boolean) => {
    if (request.auth) return
    const token = bearer(request)
    if (!token) {
      if (required) throw new AppError(CommonErrorCode.UNAUTHORIZED, 'Sign in required', 401)
      return
    }
    const user = await verify(token)
    // A revoked session (signed out everywhere, locked) ends its tokens now, not at their expiry.
    await checkSession?.(token, user.claims)
    request.auth = user
  }
  app.decorate('optionalUser', (request: FastifyRequest) => read(request, false))
  app.decorate('requireUser', (request: FastifyRequest) => read(request, true))
  app.decorate('requireAdmin', async (request: FastifyRequest) => {
    await read(request, true)
    if (!request.auth?.isAdmin) throw new AppError(CommonErrorCode.FORBIDDEN, 'Admin role required', 403)
  })
}

export type { AuthUser }

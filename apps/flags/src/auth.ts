import { timingSafeEqual, createHash } from 'node:crypto'
import type { FastifyRequest } from 'fastify'
import { createRemoteJWKSet, errors as joseErrors, jwtVerify, type JWTPayload } from 'jose'
import { AppError, CommonErrorCode } from '@loa/contracts'

/** The SSO resource whose `admin` role may edit flags. */
export const FLAGS_RESOURCE = 'loa-flags'
export const ADMIN_ROLE = 'admin'
export const ADMIN_KEY_HEADER = 'x-flags-admin-key'

export interface AdminActor {
  /** Recorded in the audit log: `operator` or `sso:<sub>`. */
  id: string
  kind: 'operator' | 'sso'
  email?: string
}

export interface AdminAuthOptions {
  adminKey?: string
  ssoIssuer: string
  ssoJwksUrl: string
}

const digest = (s: string) => createHash('sha256').update(s).digest()
const sameSecret = (a: string, b: string) => timingSafeEqual(digest(a), digest(b))

const hasAdminRole = (payload: JWTPayload): boolean => {
  const access = (payload as { resource_access?: Record<string, { roles?: unknown }> }).resource_access
  const roles = access?.[FLAGS_RESOURCE]?.roles
  return Array.isArray(roles) && roles.includes(ADMIN_ROLE)
}

/**
 * Admin authentication: the operator key (header `x-flags-admin-key`, or `Authorization: Bearer <key>`),
 * or an SSO access token (RS256, verified with the SSO's JWKS and issuer) carrying role `admin` on
 * resource `loa-flags` in `resource_access`.
 */
export const createAdminAuth = (options: AdminAuthOptions) => {
  const jwks = createRemoteJWKSet(new URL(options.ssoJwksUrl), {
    cooldownDuration: 5_000,
    timeoutDuration: 5_000,
  })

  return async (request: FastifyRequest): Promise<AdminActor> => {
    const keyHeader = request.headers[ADMIN_KEY_HEADER]
    const authorization = request.headers.authorization
    const bearer = authorization?.match(/^Bearer\s+(.+)$/i)?.[1]?.trim()
    const presentedKey = typeof keyHeader === 'string' ? keyHeader : undefined
    if (presentedKey !== undefined) {
      if (options.adminKey && sameSecret(presentedKey, options.adminKey))
        return { id: 'operator', kind: 'operator' }
      throw new AppError(CommonErrorCode.UNAUTHORIZED, 'Invalid operator key', 401)
    }
    if (!bearer) throw new AppError(CommonErrorCode.UNAUTHORIZED, 'Admin credentials required', 401)
    if (options.adminKey && sameSecret(bearer, options.adminKey)) return { id: 'operator', kind: 'operator' }
    let payload: JWTPayload
    try {
      ;({ payload } = await jwtVerify(bearer, jwks, { issuer: options.ssoIssuer, algorithms: ['RS256'] }))
    } catch (error) {
      if (error instanceof joseErrors.JWTExpired)
        throw new AppError(CommonErrorCode.TOKEN_EXPIRED, 'Access token expired', 401)
      throw new AppError(CommonErrorCode.TOKEN_INVALID, 'Invalid access token', 401)
    }
    // ID and refresh tokens share the SSO's keys and issuer: only access tokens (typ Bearer) are accepted.
    if (payload.typ !== 'Bearer')
      throw new AppError(CommonErrorCode.TOKEN_INVALID, 'Invalid access token', 401)
    if (!hasAdminRole(payload))
      throw new AppError(
        CommonErrorCode.FORBIDDEN,
        `Role '${ADMIN_ROLE}' on '${FLAGS_RESOURCE}' required`,
        403,
      )
    const email = typeof payload.email === 'string' ? payload.email : undefined
    return { id: `sso:${payload.sub ?? 'unknown'}`, kind: 'sso', ...(email ? { email } : {}) }
  }
}

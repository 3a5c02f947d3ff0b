import { AppError, CommonErrorCode } from '@loa/contracts'
import { createRemoteJWKSet, errors, jwtVerify, type JWTPayload, type JWTVerifyGetKey } from 'jose'
import { realmPublicKeySource } from './realm-key.ts'

/** The signed-in caller, read from a verified SSO access token. */
export interface AuthUser {
  sub: string
  sid?: string
  email?: string
  name?: string
  picture?: string
  /** Roles on this API's resource (`resource_access[API_SSO_RESOURCE].roles`). */
  roles: string[]
  isAdmin: boolean
  claims: JWTPayload
}

export interface TokenVerifierOptions {
  issuer: string
  /** Key source: a local key set in tests, the SSO's remote JWKS otherwise. */
  keys?: JWTVerifyGetKey
  jwksUrl: string
  /** Verify with the realm info's `public_key` (PEM-wrapped) instead of the JWKS (SSO_REALM_INFO_URL). */
  realmInfoUrl?: string | undefined
  resource: string
  /** Accepted `aud` values (the API's resource, first-party clients): a token for another client is refused. */
  audience?: string[]
  clockToleranceSeconds: number
}

const str = (v: unknown): string | undefined => (typeof v === 'string' && v.length ? v : undefined)

const rolesOf = (claims: JWTPayload, resource: string): string[] => {
  const access = claims.resource_access as Record<string, { roles?: unknown }> | undefined
  const roles = access?.[resource]?.roles
  return Array.isArray(roles) ? roles.filter((r): r is string => typeof r === 'string') : []
}

/**
 * Verifies RS256 access tokens from the SSO: signature against its JWKS (keys fetched and cached by jose,
 * refetched on an unknown `kid`), issuer, expiry and not-before with a small clock tolerance.
 */
export const createTokenVerifier = (options: TokenVerifierOptions) => {
  const keys =
    options.keys ??
    (options.realmInfoUrl
      ? realmPublicKeySource(options.realmInfoUrl)
      : createRemoteJWKSet(new URL(options.jwksUrl), { timeoutDuration: 5_000 }))
  return async (token: string): Promise<AuthUser> => {
    let claims: JWTPayload
    try {
      ;({ payload: claims } = await jwtVerify(token, keys, {
        issuer: options.issuer,
        ...(options.audience?.length ? { audience: options.audience } : {}),
        algorithms: ['RS256'],
        clockTolerance: options.clockToleranceSeconds,
        requiredClaims: ['sub', 'exp'],
      }))
    } catch (error) {
      if (error instanceof errors.JWTExpired)
        throw new AppError(CommonErrorCode.TOKEN_EXPIRED, 'Access token has expired', 401)
      if (
        error instanceof errors.JWKSTimeout ||
        (error instanceof TypeError && !(error instanceof errors.JOSEError))
      )
        throw new AppError(CommonErrorCode.SERVICE_UNAVAILABLE, 'Sign-on keys are unavailable', 503)
      throw new AppError(CommonErrorCode.TOKEN_INVALID, 'Access token is invalid', 401)
    }
    // ID and refresh tokens share the SSO's keys and issuer: only access tokens (typ Bearer) are accepted.
    if (claims.typ !== 'Bearer')
      throw new AppError(CommonErrorCode.TOKEN_INVALID, 'Access token is invalid', 401)
    const sub = str(claims.sub)
    if (!sub || sub.length > 200)
      throw new AppError(CommonErrorCode.TOKEN_INVALID, 'Access token is invalid', 401)
    const roles = rolesOf(claims, options.resource)
    return {
      sub,
      sid: str(claims.sid),
      email: str(claims.email),
      name: str(claims.name) ?? str(claims.preferred_username),
      picture: str(claims.picture),
      roles,
      isAdmin: roles.includes('admin'),
      claims,
    }
  }
}

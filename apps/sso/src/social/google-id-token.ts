import { createRemoteJWKSet, jwtVerify, type JWTPayload } from 'jose'
import type { SsoContext } from '../context.ts'

/**
 * Verifies a Google ID token (One Tap credential) as Google's guide says: RS256 signature against Google's JWKS
 * (cached by jose), `aud` = our Google client id, `iss` ∈ Google's issuers, `exp`. Undefined when Google sign-in
 * is not configured. Rejects (jose's error) for any bad token.
 */
export const createGoogleIdTokenVerifier = (
  ctx: SsoContext,
): ((token: string) => Promise<JWTPayload & { sub: string }>) | undefined => {
  const google = ctx.config.googleOneTap
  if (!google) return undefined
  const jwks = createRemoteJWKSet(new URL(google.jwksUrl))
  return async (token) => {
    const { payload } = await jwtVerify(token, jwks, {
      algorithms: ['RS256'],
      audience: google.clientId,
      issuer: google.issuers,
      currentDate: ctx.now(),
    })
    if (typeof payload.sub !== 'string' || !payload.sub) throw new Error('missing sub')
    return payload as JWTPayload & { sub: string }
  }
}

import { base64UrlDecode } from './base64url.ts'

export interface RoleList {
  roles: string[]
}

/** Claims read from a token; other claims are kept as they are. */
export interface TokenClaims {
  exp?: number
  iat?: number
  sub?: string
  sid?: string
  nonce?: string
  realm_access?: RoleList
  resource_access?: Record<string, RoleList>
  [claim: string]: unknown
}

/**
 * Reads a JWT payload without checking the signature (as keycloak-js does: the browser trusts the TLS channel to
 * the SSO; resource servers verify signatures with the JWKS). Errors use keycloak-js wording.
 */
export function decodeToken(token: string): TokenClaims {
  const payload = token.split('.')[1]
  if (!payload) throw new Error('Unable to decode token, payload not found.')
  let json: string
  try {
    json = new TextDecoder('utf-8', { fatal: true }).decode(base64UrlDecode(payload))
  } catch (cause) {
    throw new Error('Unable to decode token, payload is not a valid Base64URL value.', { cause })
  }
  let parsed: unknown
  try {
    parsed = JSON.parse(json)
  } catch (cause) {
    throw new Error('Unable to decode token, payload is not a valid JSON value.', { cause })
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new Error('Unable to decode token, payload is not a valid JSON value.')
  }
  return parsed as TokenClaims
}

/** True when the string has the three dot-separated parts of a compact JWS. */
export function looksLikeJwt(token: string): boolean {
  return token.split('.').length === 3
}

import { decodeToken, looksLikeJwt, type RoleList, type TokenClaims } from './jwt.ts'

/** The auth state of spec §3 (keycloak-js field names). */
export interface AuthState {
  initialized: boolean
  authenticated: boolean
  subject?: string
  realmAccess?: RoleList
  resourceAccess?: Record<string, RoleList>
  token?: string
  tokenParsed?: TokenClaims
  refreshToken?: string
  refreshTokenParsed?: TokenClaims
  idToken?: string
  idTokenParsed?: TokenClaims
  /** Local clock minus the SSO clock in seconds; null until the first token. */
  timeSkew: number | null
}

/** Raw tokens as answered by the SSO. */
export interface TokenSet {
  accessToken: string
  refreshToken?: string
  idToken?: string
}

export const INITIAL_AUTH_STATE: AuthState = Object.freeze({
  initialized: false,
  authenticated: false,
  timeSkew: null,
}) as AuthState

function asObject(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined
}

/**
 * Reads tokens from a sign-on answer: `{status, message, result:{access_token|accessToken, …}}`, or the standard
 * OAuth shape `{access_token, …}`. Undefined when no access token is present.
 */
export function readTokenSet(data: unknown): TokenSet | undefined {
  const body = asObject(data)
  if (!body) return undefined
  const source = asObject(body.result) ?? body
  const accessToken = text(source.access_token) ?? text(source.accessToken)
  if (!accessToken) return undefined
  const refreshToken = text(source.refresh_token) ?? text(source.refreshToken)
  const idToken = text(source.id_token) ?? text(source.idToken)
  return {
    accessToken,
    ...(refreshToken ? { refreshToken } : {}),
    ...(idToken ? { idToken } : {}),
  }
}

/** The numeric `status` of a sign-on answer (1 = success), or undefined. */
export function readStatus(data: unknown): number | undefined {
  const status = asObject(data)?.status
  return typeof status === 'number' ? status : undefined
}

/** The `message` of a sign-on answer (or its `error_message`/`error_description`), if any. */
export function readMessage(data: unknown): string | undefined {
  const body = asObject(data)
  if (!body) return undefined
  return text(body.message) ?? text(body.error_message) ?? text(body.error_description)
}

/**
 * Builds the authenticated state from tokens (keycloak-js `setToken`): decodes the tokens and computes
 * `timeSkew = floor(timeLocal / 1000) - iat`, `timeLocal` being the midpoint of the request (ms). Throws the
 * keycloak-js "Unable to decode token…" errors for malformed access or id tokens; an opaque (non-JWT) refresh
 * token is kept without a parsed form.
 */
export function buildAuthState(tokens: TokenSet, timeLocalMs: number): AuthState {
  const tokenParsed = decodeToken(tokens.accessToken)
  const idTokenParsed = tokens.idToken ? decodeToken(tokens.idToken) : undefined
  const refreshTokenParsed =
    tokens.refreshToken && looksLikeJwt(tokens.refreshToken) ? decodeToken(tokens.refreshToken) : undefined
  const iat = typeof tokenParsed.iat === 'number' ? tokenParsed.iat : Math.floor(timeLocalMs / 1000)
  return {
    initialized: true,
    authenticated: true,
    subject: typeof tokenParsed.sub === 'string' ? tokenParsed.sub : undefined,
    realmAccess: tokenParsed.realm_access,
    resourceAccess: tokenParsed.resource_access,
    token: tokens.accessToken,
    tokenParsed,
    refreshToken: tokens.refreshToken,
    refreshTokenParsed,
    idToken: tokens.idToken,
    idTokenParsed,
    timeSkew: Math.floor(timeLocalMs / 1000) - iat,
  }
}

/** Signed out but initialized (tokens cleared). */
export function unauthenticatedState(): AuthState {
  return { initialized: true, authenticated: false, timeSkew: null }
}

/**
 * keycloak-js `isTokenExpired`: throws "Not authenticated" without a token; true when `timeSkew` is null; false
 * when the token has no `exp`; else `exp - ceil(now / 1000) + timeSkew - minValidity < 0`.
 */
export function isTokenExpired(state: AuthState, minValidity = 0, nowMs: number = Date.now()): boolean {
  if (!state.token || !state.tokenParsed) throw new Error('Not authenticated')
  if (state.timeSkew === null) return true
  const exp = state.tokenParsed.exp
  if (typeof exp !== 'number') return false
  const expiresIn = exp - Math.ceil(nowMs / 1000) + state.timeSkew - (minValidity > 0 ? minValidity : 0)
  return expiresIn < 0
}

/** Seconds left before the access token expires, adjusted by `timeSkew` (undefined without `exp`). */
export function secondsUntilExpiry(state: AuthState, nowMs: number): number | undefined {
  const exp = state.tokenParsed?.exp
  if (typeof exp !== 'number' || state.timeSkew === null) return undefined
  return exp - Math.ceil(nowMs / 1000) + state.timeSkew
}

/** `hasResourceRole(role, resource)`: false when the token has no resource access. */
export function hasResourceRole(state: AuthState, role: string, resource: string): boolean {
  const access = state.resourceAccess
  if (!access) return false
  const roles = access[resource]?.roles
  return Array.isArray(roles) && roles.includes(role)
}

export function hasRealmRole(state: AuthState, role: string): boolean {
  const roles = state.realmAccess?.roles
  return Array.isArray(roles) && roles.includes(role)
}

import { buildAuthState, readStatus, readTokenSet, type AuthState, type TokenSet } from './auth-state.ts'
import type { SsoConfig } from './config.ts'
import {
  DEFAULT_LOGOUT_FAILED_MESSAGE,
  REFRESH_FROM_TOKEN_FAILED_MESSAGE,
  USER_ALREADY_EXISTS,
} from './constants.ts'
import type { SsoEnvironment } from './environment.ts'
import { postJson, SsoHttpError } from './http.ts'
import { withoutTrailingSlash } from './urls.ts'

/** Errors recognised as authentication errors when returned in the `error` parameter (spec §4, §8). */
export const AUTHENTICATION_ERRORS: readonly string[] = [USER_ALREADY_EXISTS]

export function isAuthenticationError(error: string | null | undefined): boolean {
  return typeof error === 'string' && AUTHENTICATION_ERRORS.includes(error)
}

const apiUrl = (config: SsoConfig, path: string): string => `${withoutTrailingSlash(config.ssoApiUrl)}${path}`

/** `POST {ssoApiUrl}/api/v1/auth/google-one-tap {clientId, token, affiliateCode}`: the answer, or the error. */
export async function postGoogleOneTap(
  env: SsoEnvironment,
  config: SsoConfig,
  input: { token: string; affiliateCode?: string | undefined },
): Promise<{ ok: true; data: unknown } | { ok: false; message: string; body: unknown }> {
  try {
    const data = await postJson(env.fetch, apiUrl(config, '/api/v1/auth/google-one-tap'), {
      clientId: config.clientId,
      token: input.token,
      affiliateCode: input.affiliateCode,
    })
    return { ok: true, data }
  } catch (failure) {
    const message = failure instanceof Error ? failure.message : String(failure)
    return { ok: false, message, body: failure instanceof SsoHttpError ? failure.body : undefined }
  }
}

/** `POST {ssoApiUrl}/api/v1/logout {clientId, fingerprint, redirectUri}`; rejects "Logout failed" unless status 1. */
export async function postLogout(
  env: SsoEnvironment,
  config: SsoConfig,
  input: { fingerprint?: string | undefined; redirectUri: string },
): Promise<void> {
  let data: unknown
  try {
    data = await postJson(env.fetch, apiUrl(config, '/api/v1/logout'), {
      clientId: config.clientId,
      fingerprint: input.fingerprint,
      redirectUri: input.redirectUri,
    })
  } catch (cause) {
    throw new Error(DEFAULT_LOGOUT_FAILED_MESSAGE, { cause })
  }
  if (readStatus(data) !== 1) throw new Error(DEFAULT_LOGOUT_FAILED_MESSAGE, { cause: data })
}

/** Errors of the spec that mean "the session is gone" (tokens are cleared) rather than "try again later". */
export class RefreshRejectedError extends Error {
  override name = 'RefreshRejectedError'
}

/**
 * The SSO had no session to refresh (a 2xx answer with status 0 and no result: no refresh cookie was sent). Still a
 * failed refresh (spec §5), but the normal state of a visitor, so it is logged as a warning (docs/decisions.md).
 */
export class NoSessionError extends RefreshRejectedError {
  override name = 'NoSessionError'
}

/**
 * The network refresh: `POST {ssoApiUrl}/api/v1/auth/refresh-token {clientId}` with the session cookie. HTTP 4xx,
 * status ≠ 1 and undecodable tokens reject with RefreshRejectedError (NoSessionError for "no session"); network
 * errors and 5xx reject as they are.
 */
export async function postRefresh(
  env: SsoEnvironment,
  config: SsoConfig,
): Promise<{ auth: AuthState; tokens: TokenSet }> {
  const started = env.now()
  let data: unknown
  try {
    data = await postJson(env.fetch, apiUrl(config, '/api/v1/auth/refresh-token'), {
      clientId: config.clientId,
    })
  } catch (failure) {
    if (failure instanceof SsoHttpError && failure.status >= 400 && failure.status < 500) {
      throw new RefreshRejectedError(failure.message, { cause: failure })
    }
    throw failure
  }
  const tokens = readTokenSet(data)
  if (readStatus(data) === 0 && (data as { result?: unknown }).result == null) {
    throw new NoSessionError(REFRESH_FROM_TOKEN_FAILED_MESSAGE)
  }
  if (readStatus(data) !== 1 || !tokens) throw new RefreshRejectedError(REFRESH_FROM_TOKEN_FAILED_MESSAGE)
  try {
    return { auth: buildAuthState(tokens, (started + env.now()) / 2), tokens }
  } catch (failure) {
    throw new RefreshRejectedError(failure instanceof Error ? failure.message : String(failure))
  }
}

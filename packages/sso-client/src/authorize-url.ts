import { saveChallengeRecord, type CookieScope, type LoginChallengeRecord } from './challenge-cookie.ts'
import type { LoginOptions, SocialLoginOptions } from './client-types.ts'
import type { SsoConfig } from './config.ts'
import { PKCE_METHOD } from './constants.ts'
import type { SsoEnvironment } from './environment.ts'
import { createCodeChallenge, createCodeVerifier, createRandomToken } from './pkce.ts'
import { currentPageUri, resolveAppUrl, withoutTrailingSlash } from './urls.ts'

/** The `action` of `{ssoUrl}/authorize` (spec §4: login or signup). */
export type AuthAction = 'login' | 'signup'

/** The spec's auth modes (§3) of the sign-on entry points; sign_in is a login, sign_up a signup. */
export type AuthMode = 'login' | 'sign_up' | 'sign_in'

export const actionForMode = (mode: AuthMode): AuthAction => (mode === 'sign_up' ? 'signup' : 'login')

/** A social provider path segment: letters, digits, dashes (never a path or a query). */
const PROVIDER = /^[a-z0-9][a-z0-9-]{0,31}$/i

export const isValidProvider = (provider: string): boolean => PROVIDER.test(provider)

/** The PKCE parameters every sign-on redirect carries (spec §4), from a freshly saved challenge record. */
const pkceParams = (
  config: SsoConfig,
  record: LoginChallengeRecord,
  codeChallenge: string,
): Record<string, string> => ({
  clientId: config.clientId,
  codeChallenge,
  codeChallengeMethod: PKCE_METHOD,
  redirectUri: record.redirectUri,
  responseType: 'code',
})

const withParams = (base: string, params: Record<string, string>): string => {
  const url = new URL(base)
  for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value)
  return url.toString()
}

/** `{ssoUrl}/authorize` with clientId, PKCE, redirectUri, responseType, action, username?, state and nonce. */
export function buildAuthorizeUrl(
  config: SsoConfig,
  input: { action: AuthAction; record: LoginChallengeRecord; codeChallenge: string; username?: string },
): string {
  const { action, record, codeChallenge, username } = input
  return withParams(`${withoutTrailingSlash(config.ssoUrl)}/authorize`, {
    ...pkceParams(config, record, codeChallenge),
    action,
    ...(username ? { username } : {}),
    state: record.state,
    nonce: record.nonce,
  })
}

/** `{ssoApiUrl}/api/v1/auth/{provider}` with the PKCE parameters, state and nonce (spec §4 social login). */
export function buildSocialLoginUrl(
  config: SsoConfig,
  input: { provider: string; record: LoginChallengeRecord; codeChallenge: string },
): string {
  const { provider, record, codeChallenge } = input
  if (!isValidProvider(provider)) throw new Error('Invalid provider')
  return withParams(`${withoutTrailingSlash(config.ssoApiUrl)}/api/v1/auth/${provider}`, {
    ...pkceParams(config, record, codeChallenge),
    state: record.state,
    nonce: record.nonce,
  })
}

/** Saves a fresh challenge record (PKCE verifier, state, nonce) in the cookie; returns it with its challenge. */
export async function startLoginTransaction(
  env: SsoEnvironment,
  config: SsoConfig,
  scope: CookieScope,
  redirectUri: string | undefined,
): Promise<{ record: LoginChallengeRecord; codeChallenge: string }> {
  const href = env.currentUrl()
  const record: LoginChallengeRecord = {
    codeVerifier: createCodeVerifier(),
    clientId: config.clientId,
    redirectUri: resolveAppUrl(redirectUri ?? currentPageUri(href), href, scope.domain),
    state: createRandomToken(),
    nonce: createRandomToken(),
    createdAt: env.now(),
  }
  const codeChallenge = await createCodeChallenge(record.codeVerifier)
  saveChallengeRecord(env.cookies, scope, record)
  return { record, codeChallenge }
}

/** Saves a fresh challenge record and returns the `{ssoUrl}/authorize` address (without navigating). */
export async function createLoginUrl(
  env: SsoEnvironment,
  config: SsoConfig,
  scope: CookieScope,
  action: AuthAction,
  options: LoginOptions,
): Promise<string> {
  const { record, codeChallenge } = await startLoginTransaction(env, config, scope, options.redirectUri)
  return buildAuthorizeUrl(config, {
    action,
    record,
    codeChallenge,
    ...(options.username ? { username: options.username } : {}),
  })
}

/** Saves a fresh challenge record and returns the `{ssoApiUrl}/api/v1/auth/{provider}` address. */
export async function createSocialLoginUrl(
  env: SsoEnvironment,
  config: SsoConfig,
  scope: CookieScope,
  provider: string,
  options: SocialLoginOptions,
): Promise<string> {
  if (!isValidProvider(provider)) throw new Error('Invalid provider')
  const { record, codeChallenge } = await startLoginTransaction(env, config, scope, options.redirectUri)
  return buildSocialLoginUrl(config, { provider, record, codeChallenge })
}

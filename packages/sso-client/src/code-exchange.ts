import { buildAuthState, readStatus, readTokenSet, type AuthState, type TokenSet } from './auth-state.ts'
import {
  readChallengeRecord,
  removeChallengeRecord,
  type CookieScope,
  type LoginChallengeRecord,
} from './challenge-cookie.ts'
import type { SsoConfig } from './config.ts'
import { LOGIN_RECORD_MAX_AGE_MS } from './constants.ts'
import type { SsoEnvironment } from './environment.ts'
import { postJson } from './http.ts'
import { parseHttpUrl, withoutTrailingSlash } from './urls.ts'

/** The outcome of an authorization response: tokens, nothing to do (no fresh record), or a refusal/failure. */
export type ExchangeOutcome =
  | { kind: 'signed-in'; auth: AuthState; tokens: TokenSet }
  | { kind: 'no-record' }
  | { kind: 'failed'; error: string; log: string }

/** Reads and consumes (one-time use, success and error alike) this client's fresh challenge record. */
function takeRecord(
  env: SsoEnvironment,
  config: SsoConfig,
  scope: CookieScope,
): LoginChallengeRecord | undefined {
  const record = readChallengeRecord(env.cookies, scope.name)
  if (!record) return undefined
  removeChallengeRecord(env.cookies, scope)
  if (record.clientId !== config.clientId) return undefined
  const age = env.now() - record.createdAt
  if (age < 0 || age > LOGIN_RECORD_MAX_AGE_MS) return undefined
  return record
}

/** RFC 9207 mix-up defence: an `iss` parameter must be our SSO (absent is accepted). */
function issuerAccepted(config: SsoConfig, iss: string | null): boolean {
  if (iss === null) return true
  const normalise = (value: string): string | undefined => {
    const parsed = parseHttpUrl(value)
    return parsed ? withoutTrailingSlash(parsed.href) : undefined
  }
  const got = normalise(iss)
  return got !== undefined && (got === normalise(config.ssoUrl) || got === normalise(config.ssoApiUrl))
}

/**
 * A returned `code`: exchanged at `POST {ssoApiUrl}/api/v1/oauth/token` (PKCE) when a fresh challenge record of
 * this client exists and `state` (and `iss`, nonce) match.
 */
export async function exchangeCode(
  env: SsoEnvironment,
  config: SsoConfig,
  scope: CookieScope,
  code: string,
  url: URL,
): Promise<ExchangeOutcome> {
  const record = takeRecord(env, config, scope)
  if (!record) return { kind: 'no-record' }
  if (url.searchParams.get('state') !== record.state) {
    return { kind: 'failed', error: 'invalid_state', log: 'Sign-on callback rejected: state does not match' }
  }
  if (!issuerAccepted(config, url.searchParams.get('iss'))) {
    return { kind: 'failed', error: 'invalid_issuer', log: 'Sign-on callback rejected: unexpected issuer' }
  }
  try {
    const started = env.now()
    const data = await postJson(env.fetch, `${withoutTrailingSlash(config.ssoApiUrl)}/api/v1/oauth/token`, {
      grant_type: 'authorization_code',
      client_id: config.clientId,
      code_verifier: record.codeVerifier,
      code,
      redirect_uri: record.redirectUri,
    })
    const status = readStatus(data)
    const tokens = readTokenSet(data)
    if ((status !== undefined && status !== 1) || !tokens) throw new Error('Token exchange failed')
    const auth = buildAuthState(tokens, (started + env.now()) / 2)
    const nonce = auth.idTokenParsed?.nonce
    if (nonce !== undefined && nonce !== record.nonce) throw new Error('Invalid nonce.')
    return { kind: 'signed-in', auth, tokens }
  } catch (failure) {
    const message = failure instanceof Error && failure.message ? failure.message : 'Token exchange failed'
    return { kind: 'failed', error: message, log: message }
  }
}

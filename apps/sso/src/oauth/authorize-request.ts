import type { Client } from '../store/clients.ts'
import { findClient } from '../store/clients.ts'
import type { Db } from '@loa/db'

/**
 * The authorization request, read from the spec's camelCase parameters (clientId, codeChallenge,
 * codeChallengeMethod, redirectUri, responseType, action, username, state) or the standard snake_case ones.
 * Validation is a list of small checks in the order RFC 6749/9700 require: client and redirect URI first (errors
 * there are shown, never redirected), then the rest (errors redirected to the *registered* URI).
 */
export interface AuthorizationRequest {
  clientId: string
  redirectUri: string
  responseType: 'code'
  codeChallenge: string
  codeChallengeMethod: 'S256'
  state?: string
  nonce?: string
  scope: string
  action: 'login' | 'signup'
  username?: string
  prompt?: 'none' | 'login'
}

export type AuthorizeOutcome =
  | { kind: 'ok'; client: Client; request: AuthorizationRequest }
  | { kind: 'show-error'; reason: 'unknown_client' | 'bad_redirect_uri' | 'bad_request' }
  | {
      kind: 'redirect-error'
      client: Client
      redirectUri: string
      state?: string
      error: string
      description: string
    }

const ALIASES: Record<string, string[]> = {
  clientId: ['clientId', 'client_id'],
  redirectUri: ['redirectUri', 'redirect_uri'],
  responseType: ['responseType', 'response_type'],
  codeChallenge: ['codeChallenge', 'code_challenge'],
  codeChallengeMethod: ['codeChallengeMethod', 'code_challenge_method'],
  state: ['state'],
  nonce: ['nonce'],
  scope: ['scope'],
  action: ['action', 'kc_action'],
  username: ['username', 'login_hint'],
  prompt: ['prompt'],
}

type Read = { ok: true; value: string | undefined } | { ok: false }

/** A parameter by any of its spellings; repeated or non-string values are an error. */
export const readParam = (source: Record<string, unknown>, name: keyof typeof ALIASES): Read => {
  let found: string | undefined
  for (const key of ALIASES[name]!) {
    const v = source[key]
    if (v === undefined) continue
    if (typeof v !== 'string') return { ok: false }
    if (found !== undefined && found !== v) return { ok: false }
    found = v
  }
  return { ok: true, value: found }
}

export const CODE_CHALLENGE_PATTERN = /^[A-Za-z0-9_-]{43}$/
export const SUPPORTED_SCOPES = new Set(['openid', 'profile', 'email', 'offline_access'])
export const STATE_MAX = 4096

const ACTIONS: Record<string, 'login' | 'signup'> = {
  login: 'login',
  sign_in: 'login',
  signup: 'signup',
  sign_up: 'signup',
  register: 'signup',
}

export const validateAuthorizationRequest = async (
  db: Db,
  source: Record<string, unknown>,
): Promise<AuthorizeOutcome> => {
  const clientId = readParam(source, 'clientId')
  if (!clientId.ok || !clientId.value) return { kind: 'show-error', reason: 'unknown_client' }
  const client = await findClient(db, clientId.value)
  if (!client) return { kind: 'show-error', reason: 'unknown_client' }
  const redirect = readParam(source, 'redirectUri')
  // Exact string comparison (RFC 9700 §4.1.3): no normalisation, no prefix or pattern matching.
  if (!redirect.ok || !redirect.value || !client.redirectUris.includes(redirect.value))
    return { kind: 'show-error', reason: 'bad_redirect_uri' }
  const redirectUri = redirect.value
  const stateRead = readParam(source, 'state')
  if (!stateRead.ok || (stateRead.value !== undefined && stateRead.value.length > STATE_MAX))
    return { kind: 'show-error', reason: 'bad_request' }
  const state = stateRead.value
  const fail = (error: string, description: string): AuthorizeOutcome => ({
    kind: 'redirect-error',
    client,
    redirectUri,
    state,
    error,
    description,
  })

  const responseType = readParam(source, 'responseType')
  if (!responseType.ok || responseType.value !== 'code')
    return fail('unsupported_response_type', 'only response_type=code is supported')
  const challenge = readParam(source, 'codeChallenge')
  if (!challenge.ok || !challenge.value) return fail('invalid_request', 'PKCE code_challenge is required')
  const method = readParam(source, 'codeChallengeMethod')
  if (!method.ok || method.value !== 'S256')
    return fail('invalid_request', 'code_challenge_method must be S256')
  if (!CODE_CHALLENGE_PATTERN.test(challenge.value))
    return fail('invalid_request', 'code_challenge must be 43 base64url characters')
  const nonce = readParam(source, 'nonce')
  if (!nonce.ok || (nonce.value !== undefined && nonce.value.length > 512))
    return fail('invalid_request', 'invalid nonce')
  const scope = readParam(source, 'scope')
  if (!scope.ok) return fail('invalid_scope', 'invalid scope')
  const scopes = (scope.value ?? 'openid profile email').split(' ').filter(Boolean)
  if (scopes.some((s) => !SUPPORTED_SCOPES.has(s))) return fail('invalid_scope', 'unsupported scope')
  if (!scopes.includes('openid')) scopes.unshift('openid')
  const action = readParam(source, 'action')
  if (!action.ok) return fail('invalid_request', 'invalid action')
  const mode = action.value === undefined || action.value === '' ? 'login' : ACTIONS[action.value]
  if (!mode) return fail('invalid_request', 'action must be login or signup')
  const username = readParam(source, 'username')
  if (!username.ok || (username.value !== undefined && username.value.length > 320))
    return fail('invalid_request', 'invalid username')
  const prompt = readParam(source, 'prompt')
  if (
    !prompt.ok ||
    (prompt.value !== undefined && !['none', 'login', 'consent', 'select_account'].includes(prompt.value))
  )
    return fail('invalid_request', 'unsupported prompt')
  return {
    kind: 'ok',
    client,
    request: {
      clientId: client.id,
      redirectUri,
      responseType: 'code',
      codeChallenge: challenge.value,
      codeChallengeMethod: 'S256',
      state,
      nonce: nonce.value || undefined,
      scope: [...new Set(scopes)].join(' '),
      action: mode,
      username: username.value || undefined,
      prompt: prompt.value === 'none' || prompt.value === 'login' ? prompt.value : undefined,
    },
  }
}

/** The client's redirect URI with response parameters appended (the registered string itself is kept intact). */
export const buildRedirect = (redirectUri: string, params: Record<string, string | undefined>): string => {
  const search = new URLSearchParams()
  for (const [k, v] of Object.entries(params)) if (v !== undefined) search.set(k, v)
  return `${redirectUri}${redirectUri.includes('?') ? '&' : '?'}${search.toString()}`
}

/** The request as hidden form fields (snake_case, so the POST is re-validated by the same pipeline). */
export const requestAsFields = (
  r: AuthorizationRequest,
  lang: string,
): Record<string, string | undefined> => ({
  client_id: r.clientId,
  redirect_uri: r.redirectUri,
  response_type: r.responseType,
  code_challenge: r.codeChallenge,
  code_challenge_method: r.codeChallengeMethod,
  state: r.state,
  nonce: r.nonce,
  scope: r.scope,
  action: r.action,
  lang,
})

/** The request as a query string (switching login ⇄ signup, social links, forgot-password return). */
export const requestAsQuery = (
  r: AuthorizationRequest,
  lang: string,
  extra: Record<string, string> = {},
): string => {
  const q = new URLSearchParams()
  for (const [k, v] of Object.entries({ ...requestAsFields(r, lang), ...extra })) if (v) q.set(k, v)
  return q.toString()
}

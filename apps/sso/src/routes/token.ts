import type { FastifyInstance, FastifyReply } from 'fastify'
import type { SsoContext } from '../context.ts'
import { OAuthError, invalidGrant, invalidRequest } from '../lib/oauth-error.ts'
import { constantEquals, sha256 } from '../lib/crypto.ts'
import { cookieNames, setCookie } from '../http/cookies.ts'
import { issueTokenSet, type TokenSet } from '../oauth/tokens.ts'
import { refreshGrant } from '../oauth/refresh.ts'
import { findClient } from '../store/clients.ts'
import { consumeAuthCode, createGrant, revokeGrantsOfCode, revokeIfReplayed } from '../store/grants.ts'
import { findSessionById, isSessionLive, touchSession } from '../store/sessions.ts'
import { findUserById } from '../store/users.ts'

export const CODE_VERIFIER_PATTERN = /^[A-Za-z0-9._~-]{43,128}$/

/** One body for both audiences: standard OAuth fields at the top level, the spec envelope beside them. */
export const tokenResponseBody = (tokens: TokenSet) => ({
  ...tokens,
  status: 1 as const,
  message: 'Success',
  result: { ...tokens },
})

export const NO_STORE = { 'cache-control': 'no-store', pragma: 'no-cache' }

/** Sets the client's HttpOnly refresh cookie (used by `POST /api/v1/auth/refresh-token` after a reload). */
export const setRefreshCookie = (ctx: SsoContext, reply: FastifyReply, clientId: string, tokens: TokenSet) =>
  setCookie(
    reply,
    ctx.config,
    cookieNames(ctx.config).refresh(clientId),
    tokens.refresh_token,
    tokens.refresh_expires_in,
  )

const param = (body: Record<string, unknown>, ...names: string[]): string | undefined => {
  let found: string | undefined
  for (const n of names) {
    const v = body[n]
    if (v === undefined) continue
    if (typeof v !== 'string') throw invalidRequest(`parameter ${n} must be a single string`)
    if (found !== undefined && v !== found) throw invalidRequest(`parameter ${n} repeated`)
    found = v
  }
  return found
}

const authorizationCodeGrant = async (ctx: SsoContext, body: Record<string, unknown>, clientId: string) => {
  const code = param(body, 'code')
  const verifier = param(body, 'code_verifier', 'codeVerifier')
  const redirectUri = param(body, 'redirect_uri', 'redirectUri')
  if (!code) throw invalidRequest('missing code')
  if (!verifier) throw invalidRequest('missing code_verifier (PKCE is required)')
  if (!CODE_VERIFIER_PATTERN.test(verifier))
    throw invalidRequest('code_verifier must be 43-128 characters [A-Za-z0-9._~-]')
  if (!redirectUri) throw invalidRequest('missing redirect_uri')
  if (code.length > 200) throw invalidGrant('invalid authorization code')
  const now = ctx.now()
  const consumed = await consumeAuthCode(ctx.db, code, now)
  if (consumed.kind === 'unknown') throw invalidGrant('invalid authorization code')
  if (consumed.kind === 'replayed') {
    // A code presented twice: deny, and revoke what the first exchange produced (OAuth 2.1 §4.1.3).
    await revokeGrantsOfCode(ctx.db, consumed.code.codeHash, now)
    throw invalidGrant('authorization code already used')
  }
  const record = consumed.code
  if (record.expiresAt.getTime() <= now.getTime()) throw invalidGrant('authorization code expired')
  if (record.clientId !== clientId) throw invalidGrant('client mismatch')
  if (record.redirectUri !== redirectUri) throw invalidGrant('authorization code redirect_uri mismatch')
  if (!constantEquals(sha256(verifier), record.codeChallenge)) throw invalidGrant('PKCE verification failed')
  const session = await findSessionById(ctx.db, record.sessionId)
  if (!session || !isSessionLive(session, now, ctx.lifetimes)) throw invalidGrant('session expired')
  const user = await findUserById(ctx.db, record.userId)
  if (!user || user.disabled) throw invalidGrant('account unavailable')
  await touchSession(ctx.db, session.id, now)
  const grant = await createGrant(
    ctx.db,
    {
      clientId,
      userId: user.id,
      sessionId: session.id,
      codeHash: record.codeHash,
      scope: record.scope,
      expiresAt: session.expiresAt,
    },
    now,
  )
  const tokens = await issueTokenSet(ctx, { user, grant, nonce: record.nonce, authTime: record.authTime })
  // A concurrent replay may have run before this grant existed: it marked the code, so revoke now.
  await revokeIfReplayed(ctx.db, record.codeHash, grant.id, now)
  return tokens
}

export const registerTokenRoutes = (app: FastifyInstance, ctx: SsoContext) => {
  const handler = async (request: { body: unknown }, reply: FastifyReply) => {
    void reply.headers(NO_STORE)
    const body = request.body
    if (!body || typeof body !== 'object' || Array.isArray(body))
      throw invalidRequest('request body must be an object')
    const b = body as Record<string, unknown>
    const grantType = param(b, 'grant_type', 'grantType')
    const clientId = param(b, 'client_id', 'clientId')
    if (!grantType) throw invalidRequest('missing grant_type')
    if (grantType !== 'authorization_code' && grantType !== 'refresh_token')
      throw new OAuthError('unsupported_grant_type', 'grant_type must be authorization_code or refresh_token')
    if (!clientId) throw invalidRequest('missing client_id')
    const client = await findClient(ctx.db, clientId)
    if (!client) throw new OAuthError('invalid_client', 'unknown client', 401)
    let tokens: TokenSet
    if (grantType === 'authorization_code') tokens = await authorizationCodeGrant(ctx, b, client.id)
    else {
      const refreshToken = param(b, 'refresh_token', 'refreshToken')
      if (!refreshToken) throw invalidRequest('missing refresh_token')
      tokens = await refreshGrant(ctx, refreshToken, client.id)
    }
    setRefreshCookie(ctx, reply, client.id, tokens)
    return reply.status(200).send(tokenResponseBody(tokens))
  }
  const options = { config: { rateLimit: { max: ctx.config.tokenRateLimit, timeWindow: 60_000 } } }
  app.post('/api/v1/oauth/token', options, handler)
  app.post('/protocol/openid-connect/token', options, handler)
  app.post('/realms/loa/protocol/openid-connect/token', options, handler)
}

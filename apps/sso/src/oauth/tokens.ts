import { SignJWT, createLocalJWKSet, jwtVerify, type JWTPayload } from 'jose'
import type { Grant } from '../store/grants.ts'
import type { User } from '../store/users.ts'
import type { SsoContext } from '../context.ts'
import { randomToken } from '../lib/crypto.ts'
import { nowSeconds } from '../lib/clock.ts'
import { createRefreshToken } from '../store/grants.ts'
import { userResourceAccess } from '../store/users.ts'

export const REALM_ROLES = ['default-roles-loa', 'offline_access']

export interface TokenSet {
  access_token: string
  refresh_token: string
  id_token: string
  token_type: 'Bearer'
  expires_in: number
  refresh_expires_in: number
  scope: string
}

const sign = async (
  ctx: SsoContext,
  payload: JWTPayload,
  typ: string,
  expiresAt: number,
): Promise<string> => {
  const key = await ctx.keys.active()
  return new SignJWT({ ...payload, typ })
    .setProtectedHeader({ alg: 'RS256', kid: key.kid, typ: 'JWT' })
    .setIssuer(ctx.config.issuer)
    .setIssuedAt(nowSeconds(ctx.clock))
    .setExpirationTime(expiresAt)
    .sign(key.privateKey)
}

/** Access, ID and (rotated) refresh tokens for one grant. */
export const issueTokenSet = async (
  ctx: SsoContext,
  args: { user: User; grant: Grant; nonce?: string | null; authTime: Date },
): Promise<TokenSet> => {
  const { user, grant } = args
  const now = nowSeconds(ctx.clock)
  const resourceAccess = await userResourceAccess(ctx.db, user.id)
  const accessExp = now + ctx.config.ttl.accessToken
  const profile = {
    email: user.email,
    email_verified: user.emailVerified,
    name: user.name,
    preferred_username: user.email,
  }
  const access = await sign(
    ctx,
    {
      sub: user.id,
      aud: grant.clientId,
      azp: grant.clientId,
      sid: grant.sessionId,
      session_state: grant.sessionId,
      gid: grant.id,
      jti: randomToken(16),
      scope: grant.scope,
      realm_access: { roles: REALM_ROLES },
      resource_access: resourceAccess,
      ...profile,
    },
    'Bearer',
    accessExp,
  )
  const idToken = await sign(
    ctx,
    {
      sub: user.id,
      aud: grant.clientId,
      azp: grant.clientId,
      sid: grant.sessionId,
      auth_time: Math.floor(args.authTime.getTime() / 1000),
      ...(args.nonce ? { nonce: args.nonce } : {}),
      ...profile,
      ...(user.avatarUrl ? { picture: user.avatarUrl } : {}),
    },
    'ID',
    now + ctx.config.ttl.idToken,
  )
  const jti = await createRefreshToken(ctx.db, grant, new Date(ctx.clock()))
  const refreshExp = Math.floor(grant.expiresAt.getTime() / 1000)
  const refresh = await sign(
    ctx,
    {
      sub: user.id,
      aud: ctx.config.issuer,
      azp: grant.clientId,
      sid: grant.sessionId,
      jti,
      scope: grant.scope,
    },
    'Refresh',
    refreshExp,
  )
  return {
    access_token: access,
    refresh_token: refresh,
    id_token: idToken,
    token_type: 'Bearer',
    expires_in: ctx.config.ttl.accessToken,
    refresh_expires_in: Math.max(0, refreshExp - now),
    scope: grant.scope,
  }
}

/** Verifies a JWT we issued (any trusted key, RS256 only, our issuer, the given `typ`). Throws on failure. */
export const verifyOwnToken = async (
  ctx: SsoContext,
  token: string,
  typ: 'Bearer' | 'Refresh' | 'ID',
  options: { ignoreExpiry?: boolean } = {},
): Promise<JWTPayload & Record<string, unknown>> => {
  if (token.length > 8192) throw new Error('token too long')
  const jwks = createLocalJWKSet({ keys: await ctx.keys.publicJwks() })
  const { payload } = await jwtVerify(token, jwks, {
    issuer: ctx.config.issuer,
    algorithms: ['RS256'],
    currentDate: new Date(ctx.clock()),
    clockTolerance: options.ignoreExpiry ? Number.MAX_SAFE_INTEGER : 0,
  })
  if (payload.typ !== typ) throw new Error('wrong token type')
  const notBefore = await ctx.tokensNotBefore()
  if (typeof payload.iat !== 'number' || payload.iat < notBefore)
    throw new Error('token issued before not-before')
  return payload as JWTPayload & Record<string, unknown>
}

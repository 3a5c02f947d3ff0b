import type { FastifyInstance, FastifyReply } from 'fastify'
import type { SsoContext } from '../context.ts'
import { checkAccessToken } from '../oauth/access-token.ts'
import { SUPPORTED_SCOPES } from '../oauth/authorize-request.ts'
import { findUserById } from '../store/users.ts'

export const REALM = 'loa'

export const discoveryDocument = (issuer: string) => ({
  issuer,
  authorization_endpoint: `${issuer}/authorize`,
  token_endpoint: `${issuer}/api/v1/oauth/token`,
  jwks_uri: `${issuer}/protocol/openid-connect/certs`,
  userinfo_endpoint: `${issuer}/protocol/openid-connect/userinfo`,
  introspection_endpoint: `${issuer}/protocol/openid-connect/token/introspect`,
  end_session_endpoint: `${issuer}/protocol/openid-connect/logout`,
  response_types_supported: ['code'],
  response_modes_supported: ['query'],
  grant_types_supported: ['authorization_code', 'refresh_token'],
  code_challenge_methods_supported: ['S256'],
  token_endpoint_auth_methods_supported: ['none'],
  introspection_endpoint_auth_methods_supported: ['none'],
  subject_types_supported: ['public'],
  id_token_signing_alg_values_supported: ['RS256'],
  scopes_supported: [...SUPPORTED_SCOPES],
  claims_supported: [
    'sub',
    'iss',
    'aud',
    'exp',
    'iat',
    'auth_time',
    'nonce',
    'sid',
    'email',
    'email_verified',
    'name',
    'picture',
  ],
  prompt_values_supported: ['none', 'login'],
  ui_locales_supported: ['vi', 'en'],
  authorization_response_iss_parameter_supported: true,
  frontchannel_logout_supported: false,
  backchannel_logout_supported: false,
})

export const registerDiscoveryRoutes = (app: FastifyInstance, ctx: SsoContext) => {
  const issuer = ctx.config.issuer
  app.get('/.well-known/openid-configuration', async (_request, reply) =>
    reply.header('cache-control', 'public, max-age=300').send(discoveryDocument(issuer)),
  )
  const certs = async (_request: unknown, reply: FastifyReply) =>
    reply.header('cache-control', 'public, max-age=60').send({ keys: await ctx.keys.publicJwks() })
  app.get('/protocol/openid-connect/certs', certs)
  app.get('/realms/loa/protocol/openid-connect/certs', certs)

  // Keycloak's PublishedRealmRepresentation: the *active* key as base64 DER SPKI (no PEM armour).
  app.get('/realms/loa', async (_request, reply) =>
    reply.header('cache-control', 'no-cache').send({
      realm: REALM,
      public_key: await ctx.keys.activePublicKeySpki(),
      'token-service': `${issuer}/realms/${REALM}/protocol/openid-connect`,
      'account-service': `${issuer}/realms/${REALM}/account`,
      'tokens-not-before': await ctx.tokensNotBefore(),
    }),
  )

  const bearer = (header: unknown): string | undefined =>
    typeof header === 'string' && /^Bearer [\w.~+/=-]+$/i.test(header) ? header.slice(7) : undefined

  app.get('/protocol/openid-connect/userinfo', async (request, reply) => {
    const token = bearer(request.headers.authorization)
    const payload = token ? await checkAccessToken(ctx, token).catch(() => undefined) : undefined
    const user = payload?.sub ? await findUserById(ctx.db, payload.sub) : undefined
    if (!payload || !user)
      return reply
        .status(401)
        .header('www-authenticate', 'Bearer error="invalid_token"')
        .send({ error: 'invalid_token', error_description: 'invalid access token' })
    return {
      sub: user.id,
      email: user.email,
      email_verified: user.emailVerified,
      name: user.name,
      preferred_username: user.email,
      ...(user.avatarUrl ? { picture: user.avatarUrl } : {}),
    }
  })

  // RFC 7662 introspection: `active` plus the claims of a token the caller already holds.
  app.post('/protocol/openid-connect/token/introspect', async (request, reply) => {
    void reply.header('cache-control', 'no-store')
    const body = (request.body ?? {}) as Record<string, unknown>
    const token = typeof body.token === 'string' ? body.token : undefined
    if (!token) return { active: false }
    try {
      const payload = await checkAccessToken(ctx, token)
      return { active: true, ...payload, token_type: 'Bearer', client_id: payload.azp }
    } catch {
      return { active: false }
    }
  })
}

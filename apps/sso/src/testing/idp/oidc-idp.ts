import { exportJWK, generateKeyPair, SignJWT } from 'jose'
import {
  ConsentFlow,
  pkceMatches,
  randomId,
  redirectTo,
  startLoopbackServer,
  type IdpAccount,
  type IdpAnswer,
  type IdpRequest,
  type LoopbackServer,
} from './common.ts'

export interface OidcClient {
  clientId: string
  clientSecret: string
  redirectUris: string[]
}

/** Google's endpoint paths (under one loopback origin), or a generic provider's. */
const PATHS = {
  google: {
    authorization: '/o/oauth2/v2/auth',
    token: '/token',
    userinfo: '/v1/userinfo',
    jwks: '/oauth2/v3/certs',
  },
  generic: { authorization: '/authorize', token: '/oauth/token', userinfo: '/userinfo', jwks: '/jwks' },
}

/**
 * A loopback OpenID Connect provider on Google's documented wire (discovery, `/o/oauth2/v2/auth`, the token
 * endpoint with `client_secret_post` or `_basic`, RS256 ID tokens from a published JWKS, userinfo), or on a
 * generic provider's paths. It checks what Google checks: client, exact redirect URI, `response_type=code`,
 * `openid` scope, S256 PKCE, single-use codes bound to client + redirect URI; the ID token carries the nonce.
 * Errors: a refused consent goes back as `error=access_denied&state=…`; a bad code is `400 invalid_grant`.
 */
export async function startOidcIdp(options: {
  flavour: 'google' | 'generic'
  clients: OidcClient[]
  port?: number
}): Promise<LoopbackServer & { issuer: string }> {
  const paths = PATHS[options.flavour]
  const { publicKey, privateKey } = await generateKeyPair('RS256')
  const kid = `loopback-${randomId(6)}`
  const jwk = { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' }
  const accessTokens = new Map<string, IdpAccount>()
  let issuer = ''
  const flow = new ConsentFlow({
    provider: options.flavour === 'google' ? 'Google' : 'OpenID provider',
    withEmail: true,
    approve: (r, code) =>
      redirectTo(r.redirectUri, { code, scope: r.scope, state: r.state, authuser: '0', prompt: 'consent' }),
    deny: (r) => redirectTo(r.redirectUri, { error: 'access_denied', state: r.state }),
  })
  const client = (id: string | null) => options.clients.find((c) => c.clientId === id)

  const authorize = (q: URLSearchParams): IdpAnswer => {
    const c = client(q.get('client_id'))
    const redirectUri = q.get('redirect_uri') ?? ''
    // Google shows its own error page for these (never redirects to an unregistered URI).
    if (!c)
      return {
        status: 401,
        html: '<!doctype html><title>Error 401: invalid_client</title><p>invalid_client</p>',
      }
    if (!c.redirectUris.includes(redirectUri))
      return {
        status: 400,
        html: '<!doctype html><title>Error 400: redirect_uri_mismatch</title><p>redirect_uri_mismatch</p>',
      }
    const state = q.get('state') ?? undefined
    const fail = (error: string, description: string): IdpAnswer => ({
      status: 302,
      location: redirectTo(redirectUri, { error, error_description: description, state }),
    })
    if (q.get('response_type') !== 'code')
      return fail('unsupported_response_type', 'response_type must be code')
    const scope = q.get('scope') ?? ''
    if (!scope.split(' ').includes('openid')) return fail('invalid_scope', 'openid scope required')
    const method = q.get('code_challenge_method') ?? undefined
    if (q.get('code_challenge') && method !== 'S256') return fail('invalid_request', 'code_challenge_method')
    return flow.page(
      {
        clientId: c.clientId,
        redirectUri,
        state,
        nonce: q.get('nonce') ?? undefined,
        scope,
        codeChallenge: q.get('code_challenge') ?? undefined,
        codeChallengeMethod: method,
      },
      c.clientId,
    )
  }

  const token = async (r: IdpRequest): Promise<IdpAnswer> => {
    let clientId = r.form.get('client_id')
    let secret = r.form.get('client_secret')
    const basic = /^Basic (.+)$/i.exec(r.headers.authorization ?? '')?.[1]
    if (basic) {
      const [id = '', pass = ''] = Buffer.from(basic, 'base64').toString().split(':').map(decodeURIComponent)
      clientId = id
      secret = pass
    }
    const c = client(clientId)
    if (!c || c.clientSecret !== secret)
      return { status: 401, json: { error: 'invalid_client', error_description: 'Unauthorized' } }
    const bad = { status: 400, json: { error: 'invalid_grant', error_description: 'Bad Request' } }
    if (r.form.get('grant_type') !== 'authorization_code')
      return {
        status: 400,
        json: { error: 'unsupported_grant_type', error_description: 'Invalid grant_type' },
      }
    const code = flow.codes.redeem(r.form.get('code'))
    if (typeof code === 'string') return bad
    if (code.clientId !== c.clientId || code.redirectUri !== r.form.get('redirect_uri')) return bad
    if (!pkceMatches(code, r.form.get('code_verifier'))) return bad
    const accessToken = `ya29.${randomId()}`
    accessTokens.set(accessToken, code.account)
    const now = Math.floor(Date.now() / 1000)
    const idToken = await new SignJWT({
      azp: c.clientId,
      email: code.account.email,
      email_verified: code.account.emailVerified,
      name: code.account.name,
      ...(code.nonce ? { nonce: code.nonce } : {}),
    })
      .setProtectedHeader({ alg: 'RS256', kid, typ: 'JWT' })
      .setIssuer(issuer)
      .setAudience(c.clientId)
      .setSubject(code.account.id)
      .setIssuedAt(now)
      .setExpirationTime(now + 3600)
      .sign(privateKey)
    return {
      status: 200,
      json: {
        access_token: accessToken,
        expires_in: 3599,
        scope: code.scope,
        token_type: 'Bearer',
        id_token: idToken,
      },
    }
  }

  const server = await startLoopbackServer(async (r) => {
    const p = r.url.pathname
    if (p === '/.well-known/openid-configuration')
      return {
        status: 200,
        json: {
          issuer,
          authorization_endpoint: `${issuer}${paths.authorization}`,
          token_endpoint: `${issuer}${paths.token}`,
          userinfo_endpoint: `${issuer}${paths.userinfo}`,
          jwks_uri: `${issuer}${paths.jwks}`,
          response_types_supported: ['code'],
          subject_types_supported: ['public'],
          id_token_signing_alg_values_supported: ['RS256'],
          scopes_supported: ['openid', 'email', 'profile'],
          token_endpoint_auth_methods_supported: ['client_secret_post', 'client_secret_basic'],
          code_challenge_methods_supported: ['plain', 'S256'],
          grant_types_supported: ['authorization_code'],
        },
      }
    if (p === paths.jwks) return { status: 200, json: { keys: [jwk] } }
    if (p === paths.authorization && r.method === 'GET') return authorize(r.url.searchParams)
    if (p === '/consent' && r.method === 'POST') return flow.submit(r.form)
    if (p === paths.token && r.method === 'POST') return token(r)
    if (p === paths.userinfo) {
      const account = accessTokens.get(/^Bearer (.+)$/i.exec(r.headers.authorization ?? '')?.[1] ?? '')
      if (!account)
        return { status: 401, json: { error: 'invalid_request', error_description: 'Invalid Credentials' } }
      return {
        status: 200,
        json: {
          sub: account.id,
          name: account.name,
          email: account.email,
          email_verified: account.emailVerified,
        },
      }
    }
    return { status: 404, json: { error: 'not_found' } }
  }, options.port)
  issuer = server.url
  return { ...server, issuer }
}

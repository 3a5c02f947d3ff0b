import { createHmac } from 'node:crypto'
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

/** Graph's error shape: `{error: {message, type, code, fbtrace_id}}`. */
const graphError = (status: number, code: number, message: string): IdpAnswer => ({
  status,
  json: { error: { message, type: 'OAuthException', code, fbtrace_id: randomId(8) } },
})

/**
 * A loopback Facebook on the manually-built Login flow's wire: the dialog at `/v19.0/dialog/oauth` (`client_id`,
 * `redirect_uri` registered exactly — else "URL blocked" —, `state`, comma-separated `scope`, optional PKCE);
 * Cancel returns `error=access_denied&error_code=200&error_description=Permissions error&error_reason=user_denied`;
 * the code (single use, bound to the redirect URI) is exchanged at `/v19.0/oauth/access_token` by GET or POST with
 * `client_secret`; Graph `/me?fields=…` needs the token (query or Bearer) and checks `appsecret_proof` when sent.
 * `email` is returned only when the account has one and the `email` permission was asked for.
 */
export async function startFacebookIdp(options: {
  appId: string
  appSecret: string
  redirectUris: string[]
  port?: number
}): Promise<LoopbackServer> {
  const tokens = new Map<string, { account: IdpAccount; scope: string }>()
  const flow = new ConsentFlow({
    provider: 'Facebook',
    withEmail: true,
    approve: (r, code) => redirectTo(r.redirectUri, { code, state: r.state }, '#_=_'),
    deny: (r) =>
      redirectTo(
        r.redirectUri,
        {
          error: 'access_denied',
          error_code: '200',
          error_description: 'Permissions error',
          error_reason: 'user_denied',
          state: r.state,
        },
        '#_=_',
      ),
  })

  const dialog = (q: URLSearchParams): IdpAnswer => {
    if (q.get('client_id') !== options.appId)
      return { status: 400, html: '<!doctype html><title>Error</title><p>Invalid App ID</p>' }
    const redirectUri = q.get('redirect_uri') ?? ''
    if (!options.redirectUris.includes(redirectUri))
      return {
        status: 400,
        html: "<!doctype html><title>URL blocked</title><p>URL blocked: this redirect failed because the redirect URI is not whitelisted in the app's Client OAuth Settings.</p>",
      }
    const method = q.get('code_challenge_method') ?? undefined
    if (q.get('code_challenge') && method !== 'S256' && method !== 'plain')
      return { status: 400, html: '<!doctype html><title>Error</title><p>Invalid code_challenge_method</p>' }
    return flow.page(
      {
        clientId: options.appId,
        redirectUri,
        state: q.get('state') ?? undefined,
        scope: (q.get('scope') ?? 'public_profile').replace(/\s+/g, ','),
        codeChallenge: q.get('code_challenge') ?? undefined,
        codeChallengeMethod: method,
      },
      'Loa',
    )
  }

  const accessToken = (p: URLSearchParams): IdpAnswer => {
    if (p.get('client_id') !== options.appId || p.get('client_secret') !== options.appSecret)
      return graphError(400, 1, 'Error validating client secret.')
    const code = flow.codes.redeem(p.get('code'))
    if (code === 'used') return graphError(400, 100, 'This authorization code has been used.')
    if (code === 'expired') return graphError(400, 100, 'This authorization code has expired.')
    if (code === 'unknown') return graphError(400, 100, 'Invalid verification code format.')
    if (code.redirectUri !== p.get('redirect_uri'))
      return graphError(
        400,
        100,
        'Error validating verification code. Please make sure your redirect_uri is identical to the one you used in the OAuth dialog request',
      )
    if (!pkceMatches(code, p.get('code_verifier'))) return graphError(400, 100, 'Invalid code verifier.')
    const token = `EAA${randomId()}`
    tokens.set(token, { account: code.account, scope: code.scope })
    return { status: 200, json: { access_token: token, token_type: 'bearer', expires_in: 5183944 } }
  }

  const me = (r: IdpRequest): IdpAnswer => {
    const token =
      r.url.searchParams.get('access_token') ??
      /^Bearer (.+)$/i.exec(r.headers.authorization ?? '')?.[1] ??
      ''
    const grant = tokens.get(token)
    if (!grant) return graphError(400, 190, 'Invalid OAuth access token - Cannot parse access token')
    const proof = r.url.searchParams.get('appsecret_proof')
    if (proof !== null && proof !== createHmac('sha256', options.appSecret).update(token).digest('hex'))
      return graphError(400, 100, 'Invalid appsecret_proof provided in the API argument')
    const { account, scope } = grant
    const fields = (r.url.searchParams.get('fields') ?? 'id,name').split(',')
    const all: Record<string, unknown> = {
      id: account.id,
      name: account.name,
      email: account.email && scope.split(',').includes('email') ? account.email : undefined,
      picture: {
        data: {
          height: 50,
          is_silhouette: true,
          url: `https://platform-lookaside.fbsbx.com/platform/profilepic/?asid=${account.id}`,
          width: 50,
        },
      },
    }
    const answer: Record<string, unknown> = {}
    for (const f of fields) if (all[f] !== undefined) answer[f] = all[f]
    return { status: 200, json: answer }
  }

  return startLoopbackServer((r) => {
    const p = r.url.pathname.replace(/^\/v\d+\.\d+/, '')
    if (p === '/dialog/oauth' && r.method === 'GET') return dialog(r.url.searchParams)
    if (p === '/consent' && r.method === 'POST') return flow.submit(r.form)
    if (p === '/oauth/access_token') return accessToken(r.method === 'POST' ? r.form : r.url.searchParams)
    if (p === '/me') return me(r)
    return graphError(404, 803, 'Unknown path components')
  }, options.port)
}

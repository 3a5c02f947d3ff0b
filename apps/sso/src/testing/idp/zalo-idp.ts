import {
  ConsentFlow,
  pkceMatches,
  randomId,
  redirectTo,
  startLoopbackServer,
  type IdpAccount,
  type IdpAnswer,
  type LoopbackServer,
} from './common.ts'

/** Zalo's error answers carry a negative code, usually with HTTP 200. */
const zaloError = (error: number, name: string, description: string): IdpAnswer => ({
  status: 200,
  json: { error, error_name: name, error_reason: name, error_description: description },
})

/**
 * A loopback Zalo on the Social API's OAuth v4 wire: the permission page at `/v4/permission` (`app_id`, a registered
 * `redirect_uri`, `code_challenge` — PKCE is required — and `state`; a bad request shows Zalo's error page with
 * `error_code=-14003`); Allow returns `code` and `state`, Cancel returns `error_code=-14006` and `state`. The code
 * (single use) is exchanged at `POST /v4/access_token`: form `code`, `app_id`, `grant_type=authorization_code`,
 * `code_verifier`, the app secret in the `secret_key` header; the answer has `expires_in` as a string. Graph
 * `/v2.0/me?fields=id,name,picture` takes the token in the `access_token` header. No e-mail exists on this wire.
 */
export async function startZaloIdp(options: {
  appId: string
  secretKey: string
  redirectUris: string[]
  port?: number
}): Promise<LoopbackServer> {
  const tokens = new Map<string, IdpAccount>()
  const flow = new ConsentFlow({
    provider: 'Zalo',
    withEmail: false,
    approve: (r, code) => redirectTo(r.redirectUri, { code, state: r.state }),
    deny: (r) =>
      redirectTo(r.redirectUri, {
        error_code: '-14006',
        error_description: 'User rejected the permission request',
        state: r.state,
      }),
  })

  const permission = (q: URLSearchParams): IdpAnswer => {
    const redirectUri = q.get('redirect_uri') ?? ''
    if (
      q.get('app_id') !== options.appId ||
      !options.redirectUris.includes(redirectUri) ||
      !q.get('code_challenge')
    )
      return { status: 302, location: '/v4/permission/error?error_code=-14003' }
    return flow.page(
      {
        clientId: options.appId,
        redirectUri,
        state: q.get('state') ?? undefined,
        scope: '',
        codeChallenge: q.get('code_challenge') ?? undefined,
        codeChallengeMethod: 'S256',
      },
      'Loa',
    )
  }

  const accessToken = (headers: Record<string, unknown>, form: URLSearchParams): IdpAnswer => {
    if (form.get('app_id') !== options.appId || headers.secret_key !== options.secretKey)
      return zaloError(-14001, 'Invalid app_id or secret_key', 'The app id or secret key is invalid')
    if (form.get('grant_type') !== 'authorization_code')
      return zaloError(-14002, 'Invalid grant_type', 'grant_type must be authorization_code')
    const code = flow.codes.redeem(form.get('code'))
    if (typeof code === 'string')
      return zaloError(-14014, 'Invalid authorization code', `The code is ${code}`)
    if (!pkceMatches(code, form.get('code_verifier')))
      return zaloError(-14015, 'Invalid code_verifier', 'The code verifier does not match the code challenge')
    const token = randomId(32)
    tokens.set(token, code.account)
    return {
      status: 200,
      json: {
        access_token: token,
        refresh_token: randomId(32),
        expires_in: '3600',
        refresh_token_expires_in: '7776000',
      },
    }
  }

  return startLoopbackServer((r) => {
    const p = r.url.pathname
    if (p === '/v4/permission' && r.method === 'GET') return permission(r.url.searchParams)
    if (p === '/v4/permission/error')
      return {
        status: 400,
        html: `<!doctype html><title>Zalo</title><p>error_code=${r.url.searchParams.get('error_code')}</p>`,
      }
    if (p === '/consent' && r.method === 'POST') return flow.submit(r.form)
    if (p === '/v4/access_token' && r.method === 'POST') return accessToken(r.headers, r.form)
    if (p === '/v2.0/me') {
      const account = tokens.get(String(r.headers.access_token ?? ''))
      if (!account) return { status: 200, json: { error: -216, message: 'Access token is invalid' } }
      const fields = (r.url.searchParams.get('fields') ?? 'id,name').split(',')
      const all: Record<string, unknown> = {
        id: account.id,
        name: account.name,
        picture: { data: { url: `https://s120-ava-talk.zadn.vn/${account.id}.jpg` } },
      }
      const answer: Record<string, unknown> = { error: 0, message: 'Success' }
      for (const f of fields) if (all[f] !== undefined) answer[f] = all[f]
      return { status: 200, json: answer }
    }
    return { status: 404, json: { error: -201, message: 'Unknown path' } }
  }, options.port)
}

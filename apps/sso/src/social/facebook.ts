import { createHmac } from 'node:crypto'
import * as oidc from 'openid-client'
import type { SocialProviderConfig } from '../config.ts'
import { pictureUrl, str, upstreamJson, UpstreamError, type SocialProvider } from './upstream.ts'

type Config = SocialProviderConfig & { kind: 'facebook' | 'zalo' }

/**
 * Facebook Login, manually built flow: the dialog (`client_id`, `redirect_uri`, `state`, comma-separated `scope`,
 * `response_type=code`, PKCE), the code exchanged at `oauth/access_token` (GET with `client_secret`, Facebook's
 * documented form), then Graph `me?fields=…` with `appsecret_proof`. Facebook returns only confirmed e-mails.
 */
export const createFacebookProvider = (p: Config): SocialProvider => ({
  id: p.id,
  authorizationUrl: async (args) => {
    const url = new URL(p.authorizationUrl)
    url.search = new URLSearchParams({
      client_id: p.clientId,
      redirect_uri: args.redirectUri,
      state: args.state,
      response_type: 'code',
      scope: p.scope,
      code_challenge: await oidc.calculatePKCECodeChallenge(args.codeVerifier),
      code_challenge_method: 'S256',
    }).toString()
    return url
  },
  complete: async (args) => {
    const code = args.currentUrl.searchParams.get('code')
    if (!code) throw new UpstreamError('no code in the callback')
    const tokenUrl = new URL(p.tokenUrl)
    for (const [k, v] of Object.entries({
      client_id: p.clientId,
      redirect_uri: args.redirectUri,
      client_secret: p.clientSecret,
      code,
      code_verifier: args.codeVerifier,
    }))
      tokenUrl.searchParams.set(k, v)
    const token = await upstreamJson(tokenUrl)
    const accessToken = str(token.body.access_token)
    if (token.status !== 200 || !accessToken) throw new UpstreamError(`token: ${graphError(token.body)}`)
    const meUrl = new URL(p.userinfoUrl)
    meUrl.searchParams.set('access_token', accessToken)
    meUrl.searchParams.set(
      'appsecret_proof',
      createHmac('sha256', p.clientSecret).update(accessToken).digest('hex'),
    )
    const me = await upstreamJson(meUrl)
    const id = str(me.body.id)
    if (me.status !== 200 || !id) throw new UpstreamError(`me: ${graphError(me.body)}`)
    const email = str(me.body.email)
    return {
      provider: p.id,
      subject: id,
      email,
      emailVerified: Boolean(email),
      name: str(me.body.name),
      picture: pictureUrl(me.body.picture),
    }
  },
})

/** Graph errors: `{error: {message, type, code, fbtrace_id}}`. */
const graphError = (body: Record<string, unknown>) => {
  const error = body.error as { message?: unknown; code?: unknown } | undefined
  return `${String(error?.code ?? '?')} ${String(error?.message ?? 'unexpected answer')}`
}

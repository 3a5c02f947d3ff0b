import * as oidc from 'openid-client'
import type { SocialProviderConfig } from '../config.ts'
import { pictureUrl, str, upstreamJson, UpstreamError, type SocialProvider } from './upstream.ts'

type Config = SocialProviderConfig & { kind: 'facebook' | 'zalo' }

/**
 * Zalo Social API, OAuth v4 with PKCE: the permission page (`app_id`, `redirect_uri`, `code_challenge`, `state`),
 * the code exchanged at `v4/access_token` (form `code`, `app_id`, `grant_type`, `code_verifier`; the app secret in
 * the `secret_key` header), then `graph.zalo.me/v2.0/me` with the `access_token` header. Zalo reports failures
 * as `{error: <negative code>, …}`, often with HTTP 200. It shares no e-mail address.
 */
export const createZaloProvider = (p: Config): SocialProvider => ({
  id: p.id,
  authorizationUrl: async (args) => {
    const url = new URL(p.authorizationUrl)
    url.search = new URLSearchParams({
      app_id: p.clientId,
      redirect_uri: args.redirectUri,
      code_challenge: await oidc.calculatePKCECodeChallenge(args.codeVerifier),
      state: args.state,
    }).toString()
    return url
  },
  complete: async (args) => {
    const code = args.currentUrl.searchParams.get('code')
    if (!code) throw new UpstreamError('no code in the callback')
    const token = await upstreamJson(new URL(p.tokenUrl), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', secret_key: p.clientSecret },
      body: new URLSearchParams({
        code,
        app_id: p.clientId,
        grant_type: 'authorization_code',
        code_verifier: args.codeVerifier,
      }).toString(),
    })
    const accessToken = str(token.body.access_token)
    if (!accessToken) throw new UpstreamError(`token: ${zaloError(token.body)}`)
    const me = await upstreamJson(new URL(p.userinfoUrl), { headers: { access_token: accessToken } })
    const id = str(me.body.id)
    if (!id || (me.body.error !== undefined && me.body.error !== 0))
      throw new UpstreamError(`me: ${zaloError(me.body)}`)
    return {
      provider: p.id,
      subject: id,
      emailVerified: false,
      name: str(me.body.name),
      picture: pictureUrl(me.body.picture),
    }
  },
})

const zaloError = (body: Record<string, unknown>) =>
  `${String(body.error ?? '?')} ${String(body.error_name ?? body.message ?? 'unexpected answer')}`

import * as oidc from 'openid-client'
import type { SocialProviderConfig } from '../config.ts'
import type { SocialProfile } from '../oauth/social-account.ts'

const isLoopback = (url: string) => {
  const { protocol, hostname } = new URL(url)
  return protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(hostname)
}

/**
 * Our SSO as an OAuth/OIDC *client* of an upstream provider (openid-client): discovery for OIDC providers,
 * static endpoints for plain OAuth 2.0 ones (Facebook). Plain http is allowed only for loopback issuers (tests).
 */
export const createSocialProvider = (p: SocialProviderConfig) => {
  let configuration: Promise<oidc.Configuration> | undefined
  const load = async (): Promise<oidc.Configuration> => {
    const insecure = isLoopback(p.issuer ?? p.authorizationUrl ?? 'https://x')
    if (p.kind === 'oidc') {
      return oidc.discovery(
        new URL(p.issuer!),
        p.clientId,
        p.clientSecret,
        undefined,
        insecure ? { execute: [oidc.allowInsecureRequests] } : undefined,
      )
    }
    const config = new oidc.Configuration(
      {
        issuer: new URL(p.authorizationUrl!).origin,
        authorization_endpoint: p.authorizationUrl,
        token_endpoint: p.tokenUrl,
      },
      p.clientId,
      p.clientSecret,
    )
    if (insecure) oidc.allowInsecureRequests(config)
    return config
  }
  const config = () => {
    configuration ??= load().catch((error: unknown) => {
      configuration = undefined
      throw error
    })
    return configuration
  }
  return {
    id: p.id,
    authorizationUrl: async (args: {
      redirectUri: string
      state: string
      nonce: string
      codeVerifier: string
    }) =>
      oidc.buildAuthorizationUrl(await config(), {
        redirect_uri: args.redirectUri,
        scope: p.scope,
        state: args.state,
        ...(p.kind === 'oidc' ? { nonce: args.nonce } : {}),
        code_challenge: await oidc.calculatePKCECodeChallenge(args.codeVerifier),
        code_challenge_method: 'S256',
      }),
    /** Exchanges the upstream code (state, PKCE and, for OIDC, nonce + ID-token checks) and reads the profile. */
    complete: async (args: {
      currentUrl: URL
      state: string
      nonce: string
      codeVerifier: string
    }): Promise<SocialProfile> => {
      const c = await config()
      const tokens = await oidc.authorizationCodeGrant(c, args.currentUrl, {
        pkceCodeVerifier: args.codeVerifier,
        expectedState: args.state,
        ...(p.kind === 'oidc' ? { expectedNonce: args.nonce, idTokenExpected: true } : {}),
      })
      if (p.kind === 'oidc') {
        const claims = tokens.claims()!
        let info: Record<string, unknown> = { ...claims }
        if (!claims.email && c.serverMetadata().userinfo_endpoint)
          info = { ...info, ...(await oidc.fetchUserInfo(c, tokens.access_token, claims.sub)) }
        return {
          provider: p.id,
          subject: String(claims.sub),
          email: typeof info.email === 'string' ? info.email : undefined,
          emailVerified: info.email_verified === true,
          name: typeof info.name === 'string' ? info.name : undefined,
          picture: typeof info.picture === 'string' ? info.picture : undefined,
        }
      }
      const res = await fetch(p.userinfoUrl!, { headers: { authorization: `Bearer ${tokens.access_token}` } })
      if (!res.ok) throw new Error(`userinfo answered ${res.status}`)
      const info = (await res.json()) as Record<string, unknown>
      const picture = info.picture as { data?: { url?: unknown } } | string | undefined
      return {
        provider: p.id,
        subject: String(info.id ?? info.sub),
        email: typeof info.email === 'string' ? info.email : undefined,
        // Facebook only returns confirmed email addresses.
        emailVerified: typeof info.email === 'string',
        name: typeof info.name === 'string' ? info.name : undefined,
        picture:
          typeof picture === 'string'
            ? picture
            : typeof picture?.data?.url === 'string'
              ? picture.data.url
              : undefined,
      }
    },
  }
}

export type SocialProvider = ReturnType<typeof createSocialProvider>

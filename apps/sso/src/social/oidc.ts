import * as oidc from 'openid-client'
import type { SocialProviderConfig } from '../config.ts'
import { isLoopback, str, type SocialProvider } from './upstream.ts'

/**
 * An OpenID Connect provider (Google, or any company IdP) through openid-client: discovery from the issuer (or the
 * discovery document's URL), code + PKCE + state + nonce, ID-token checks; the userinfo endpoint fills in what the
 * ID token leaves out.
 */
export const createOidcProvider = (p: SocialProviderConfig & { kind: 'oidc' }): SocialProvider => {
  let configuration: Promise<oidc.Configuration> | undefined
  const config = () => {
    configuration ??= oidc
      .discovery(
        new URL(p.issuer),
        p.clientId,
        p.clientSecret,
        undefined,
        isLoopback(p.issuer) ? { execute: [oidc.allowInsecureRequests] } : undefined,
      )
      .catch((error: unknown) => {
        configuration = undefined
        throw error
      })
    return configuration
  }
  return {
    id: p.id,
    authorizationUrl: async (args) =>
      oidc.buildAuthorizationUrl(await config(), {
        redirect_uri: args.redirectUri,
        scope: p.scope,
        state: args.state,
        nonce: args.nonce,
        code_challenge: await oidc.calculatePKCECodeChallenge(args.codeVerifier),
        code_challenge_method: 'S256',
      }),
    complete: async (args) => {
      const c = await config()
      const tokens = await oidc.authorizationCodeGrant(c, args.currentUrl, {
        pkceCodeVerifier: args.codeVerifier,
        expectedState: args.state,
        expectedNonce: args.nonce,
        idTokenExpected: true,
      })
      const claims = tokens.claims()!
      let info: Record<string, unknown> = { ...claims }
      if (!claims.email && c.serverMetadata().userinfo_endpoint)
        info = { ...info, ...(await oidc.fetchUserInfo(c, tokens.access_token, claims.sub)) }
      return {
        provider: p.id,
        subject: String(claims.sub),
        email: str(info.email),
        emailVerified: info.email_verified === true || info.email_verified === 'true',
        name: str(info.name),
        picture: str(info.picture),
      }
    },
  }
}

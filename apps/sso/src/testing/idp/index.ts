import { startFacebookIdp } from './facebook-idp.ts'
import { startOidcIdp } from './oidc-idp.ts'
import { startZaloIdp } from './zalo-idp.ts'

export { consentWithoutBrowser, type IdpAccount } from './common.ts'
export { startFacebookIdp } from './facebook-idp.ts'
export { startOidcIdp } from './oidc-idp.ts'
export { startZaloIdp } from './zalo-idp.ts'

/** The credentials the loopback providers accept (test values, nothing real). */
export const LOOPBACK_CREDENTIALS = {
  google: { id: 'loopback-google.apps.googleusercontent.com', secret: 'loopback-google-secret' },
  facebook: { id: '100000000000001', secret: 'loopback-facebook-secret' },
  zalo: { id: '4000000000000000001', secret: 'loopback-zalo-secret' },
  oidc: { id: 'loa-sso', secret: 'loopback-oidc-secret' },
}

/**
 * Starts the four loopback providers for an SSO at `ssoIssuer` and returns the SSO environment that points its
 * Google, Facebook, Zalo and generic OpenID Connect sign-in at them, with a `close` for all four.
 */
export async function startLoopbackIdentityProviders(
  ssoIssuer: string,
  options: { googleClientId?: string } = {},
) {
  const callback = (id: string) => [`${ssoIssuer}/api/v1/auth/${id}/callback`]
  const c = LOOPBACK_CREDENTIALS
  const googleClientId = options.googleClientId ?? c.google.id
  const [google, oidc, facebook, zalo] = await Promise.all([
    startOidcIdp({
      flavour: 'google',
      clients: [
        { clientId: googleClientId, clientSecret: c.google.secret, redirectUris: callback('google') },
      ],
    }),
    startOidcIdp({
      flavour: 'generic',
      clients: [{ clientId: c.oidc.id, clientSecret: c.oidc.secret, redirectUris: callback('oidc') }],
    }),
    startFacebookIdp({
      appId: c.facebook.id,
      appSecret: c.facebook.secret,
      redirectUris: callback('facebook'),
    }),
    startZaloIdp({ appId: c.zalo.id, secretKey: c.zalo.secret, redirectUris: callback('zalo') }),
  ])
  const env: Record<string, string> = {
    GOOGLE_CLIENT_ID: googleClientId,
    GOOGLE_CLIENT_SECRET: c.google.secret,
    GOOGLE_ISSUER: google.issuer,
    FACEBOOK_CLIENT_ID: c.facebook.id,
    FACEBOOK_CLIENT_SECRET: c.facebook.secret,
    FACEBOOK_AUTHORIZATION_URL: `${facebook.url}/v19.0/dialog/oauth`,
    FACEBOOK_TOKEN_URL: `${facebook.url}/v19.0/oauth/access_token`,
    FACEBOOK_USERINFO_URL: `${facebook.url}/me?fields=id,name,email,picture`,
    ZALO_APP_ID: c.zalo.id,
    ZALO_APP_SECRET: c.zalo.secret,
    ZALO_AUTHORIZATION_URL: `${zalo.url}/v4/permission`,
    ZALO_TOKEN_URL: `${zalo.url}/v4/access_token`,
    ZALO_USERINFO_URL: `${zalo.url}/v2.0/me?fields=id,name,picture`,
    OIDC_DISCOVERY_URL: `${oidc.issuer}/.well-known/openid-configuration`,
    OIDC_CLIENT_ID: c.oidc.id,
    OIDC_CLIENT_SECRET: c.oidc.secret,
    OIDC_LABEL: 'Loa Corp SSO',
  }
  return {
    google,
    oidc,
    facebook,
    zalo,
    env,
    close: async () => {
      await Promise.all([google.close(), oidc.close(), facebook.close(), zalo.close()])
    },
  }
}

export type LoopbackIdentityProviders = Awaited<ReturnType<typeof startLoopbackIdentityProviders>>

import type { SsoClient, SsoConfig } from '@loa/sso-client'
import type { PublicConfig } from '../config'

/** Sign-on configuration of the app shell: autoLogin off, SSO on (spec §3). */
export const ssoConfigFor = (config: PublicConfig): SsoConfig => ({
  clientId: config.clientId,
  ssoUrl: config.ssoUrl,
  ssoApiUrl: config.ssoUrl,
  clientDomain: new URL(config.webUrl).hostname,
  options: { autoLogin: false, useSSO: true },
  ...(config.myAccountUrl ? { myAccountUrl: config.myAccountUrl } : {}),
})

let clientPromise: Promise<SsoClient> | undefined

/**
 * The page's one sign-on client from `@loa/sso-client`, loaded after hydration (it is not needed to paint the
 * landing page, so it stays out of the first-load JavaScript) and started once.
 */
export const loadSsoClient = (config: PublicConfig): Promise<SsoClient> => {
  clientPromise ??= import('@loa/sso-client').then(({ SsoClient: Client }) => {
    const client = new Client(ssoConfigFor(config))
    client.start()
    return client
  })
  return clientPromise
}

/** Set while this browser holds a sign-on session for the app (never a token: just "try a refresh on load"). */
export const SESSION_HINT_KEY = 'loa_sso_session'

const readHint = (): boolean => {
  try {
    return window.localStorage.getItem(SESSION_HINT_KEY) === '1'
  } catch {
    return true
  }
}

export const writeSessionHint = (signedIn: boolean): void => {
  try {
    if (signedIn) window.localStorage.setItem(SESSION_HINT_KEY, '1')
    else window.localStorage.removeItem(SESSION_HINT_KEY)
  } catch {
    // storage unavailable: the client is then always started on load
  }
}

/**
 * Whether the sign-on client must run its on-load behaviour now: when the address carries a sign-on answer
 * (`code`/`error`) or this browser signed in before. A first-time visitor is treated as signed out without a
 * refresh call (no request, no console error); signing up, logging in or opening a signed-in page starts the client.
 */
export const shouldStartOnLoad = (href: string): boolean => {
  const params = new URL(href).searchParams
  return params.has('code') || params.has('error') || readHint()
}

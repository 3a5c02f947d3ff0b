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

/**
 * Runs `task` once the browser is idle (at most `timeoutMs` later), so that the on-load refresh (spec §4: with no
 * code and no error a refresh is always tried) never competes with the first paint or hydration.
 */
export const whenIdle = (task: () => void, timeoutMs = 300): (() => void) => {
  const idle = (globalThis as { requestIdleCallback?: typeof requestIdleCallback }).requestIdleCallback
  if (typeof idle === 'function') {
    const handle = idle(task, { timeout: timeoutMs })
    return () => cancelIdleCallback(handle)
  }
  const handle = setTimeout(task, 0)
  return () => clearTimeout(handle)
}

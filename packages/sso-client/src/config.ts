import { SSO_CONFIG_MISSING_MESSAGE } from './constants.ts'

export interface SsoOptions {
  /** Like keycloak-js `login-required`: a failed refresh sends the user to the sign-on page. */
  autoLogin: boolean
  /** Like keycloak-js `check-sso`: on load, exchange a returned code or refresh from the session cookie. */
  useSSO: boolean
}

/** Sign-on configuration (spec §3). */
export interface SsoConfig {
  clientId: string
  /** Public URL of the sign-on pages (`{ssoUrl}/authorize`, `{ssoUrl}/profile`). */
  ssoUrl: string
  /** Base URL of the sign-on API (`{ssoApiUrl}/api/v1/...`). */
  ssoApiUrl: string
  /** Domain of the client app, used in the challenge cookie name (and as its Domain when it is a dotted host). */
  clientDomain: string
  options: SsoOptions
  /** Account-management address; defaults to `{ssoUrl}/profile`. */
  myAccountUrl?: string
}

const filled = (value: unknown): boolean => typeof value === 'string' && value.trim() !== ''

/** Throws exactly "Please provide the clientId, ssoUrl, and ssoApiUrl in the config" when a required field is missing. */
export function assertSsoConfig(config: unknown): asserts config is SsoConfig {
  const c = (typeof config === 'object' && config !== null ? config : {}) as Record<string, unknown>
  const optionsOk = typeof c.options === 'object' && c.options !== null
  if (
    !filled(c.clientId) ||
    !filled(c.ssoUrl) ||
    !filled(c.ssoApiUrl) ||
    !filled(c.clientDomain) ||
    !optionsOk
  ) {
    throw new Error(SSO_CONFIG_MISSING_MESSAGE)
  }
}

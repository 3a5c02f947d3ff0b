import type { AuthState, TokenSet } from './auth-state.ts'

export interface LoginOptions {
  /** Prefills the sign-on form (`username` parameter). */
  username?: string
  /** Where the SSO sends the user back; defaults to the current page (origin + path). */
  redirectUri?: string
}

export interface SocialLoginOptions {
  redirectUri?: string
}

export interface LogoutOptions {
  fingerprint?: string
  /** Where to go after a successful logout (must be a registered post-logout URI of the client). */
  redirectUri: string
}

export interface GoogleOneTapOptions {
  /** The Google ID token (GIS `credential`). */
  token: string
  affiliateCode?: string
}

/** What the provider exposes besides the auth state. */
export interface SsoSnapshot {
  auth: AuthState
  /**
   * The last sign-on error: an `error` parameter returned by the SSO (e.g. `user_already_exists`),
   * `invalid_state`/`invalid_issuer` for a rejected callback, or the message of a failed exchange/refresh/logout.
   */
  error: string | null
}

export type TokensListener = (tokens: TokenSet | null) => void

/** Cross-tab news. `at`: when the sender obtained the tokens (or logged out); older news than ours is ignored. */
export type ChannelMessage =
  | { type: 'tokens'; from: string; at: number; tokens: TokenSet; timeSkew: number | null }
  | { type: 'logout'; from: string; at: number }

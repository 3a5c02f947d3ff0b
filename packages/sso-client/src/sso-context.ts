'use client'

import { createContext } from 'react'
import type { AuthState, TokenSet } from './auth-state.ts'
import type { AuthAction, AuthMode } from './authorize-url.ts'
import type { GoogleOneTapOptions, LoginOptions, LogoutOptions, SocialLoginOptions } from './client-types.ts'
import type { SsoClient } from './sso-client.ts'

/** What `useAuthSSO()` returns: the spec §3 auth state plus the sign-on actions. */
export interface AuthSSOContextValue extends AuthState {
  /** Last sign-on error (see `SsoSnapshot.error`), e.g. `user_already_exists`. */
  error: string | null
  login(options?: LoginOptions): Promise<void>
  signup(options?: LoginOptions): Promise<void>
  /** The spec's auth modes (login, sign_up, sign_in) as one entry point. */
  authenticate(mode: AuthMode, options?: LoginOptions): Promise<void>
  socialLogin(provider: string, options?: SocialLoginOptions): Promise<void>
  googleOneTap(options: GoogleOneTapOptions): Promise<unknown>
  logout(options: LogoutOptions): Promise<void>
  createLoginUrl(action: AuthAction, options?: LoginOptions): Promise<string>
  accountUrl(): string
  hasResourceRole(role: string, resource?: string): boolean
  hasRealmRole(role: string): boolean
  updateToken(minValidity?: number): Promise<boolean>
  isTokenExpired(minValidity?: number): boolean
  getAuthorizationHeader(): string | undefined
  getFreshAuthorizationHeader(minValidity?: number): Promise<string | undefined>
  onTokens(listener: (tokens: TokenSet | null) => void): () => void
  /** The underlying framework-free client. */
  client: SsoClient
}

export const SSOContext = createContext<AuthSSOContextValue | null>(null)
SSOContext.displayName = 'SSOContext'

export { SSOProvider, type SSOProviderProps } from './sso-provider.tsx'
export { useAuthSSO } from './use-auth-sso.ts'
export type { AuthSSOContextValue } from './sso-context.ts'
export { SsoClient, AUTHENTICATION_ERRORS, isAuthenticationError } from './sso-client.ts'
export { actionForMode, type AuthAction, type AuthMode } from './authorize-url.ts'
export type { ChannelLike, SsoEnvironment } from './environment.ts'
export type {
  GoogleOneTapOptions,
  LoginOptions,
  LogoutOptions,
  SocialLoginOptions,
  SsoSnapshot,
} from './client-types.ts'
export { assertSsoConfig, type SsoConfig, type SsoOptions } from './config.ts'
export {
  buildAuthState,
  hasRealmRole,
  hasResourceRole,
  isTokenExpired,
  readTokenSet,
  type AuthState,
  type TokenSet,
} from './auth-state.ts'
export { decodeToken, type TokenClaims, type RoleList } from './jwt.ts'
export { createCodeChallenge, createCodeVerifier, createRandomToken } from './pkce.ts'
export {
  pkceCookieName,
  cookieDomainFor,
  readChallengeRecord,
  type LoginChallengeRecord,
  type CookieJar,
} from './challenge-cookie.ts'
export { SsoHttpError, postJson } from './http.ts'
export * from './constants.ts'

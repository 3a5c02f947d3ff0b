export { SSOProvider, type SSOProviderProps } from './sso-provider.tsx'
export { useAuthSSO } from './use-auth-sso.ts'
export type { AuthSSOContextValue } from './sso-context.ts'
export {
  SsoClient,
  AUTHENTICATION_ERRORS,
  isAuthenticationError,
  type AuthAction,
  type ChannelLike,
  type GoogleOneTapOptions,
  type LoginOptions,
  type LogoutOptions,
  type SocialLoginOptions,
  type SsoEnvironment,
  type SsoSnapshot,
} from './sso-client.ts'
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

'use client'

import { useEffect, useMemo, useRef, useState, useSyncExternalStore, type ReactNode } from 'react'
import type { TokenSet } from './auth-state.ts'
import { assertSsoConfig, type SsoConfig } from './config.ts'
import { SSOContext, type AuthSSOContextValue } from './sso-context.ts'
import type { SsoEnvironment } from './environment.ts'
import { SsoClient } from './sso-client.ts'

export interface SSOProviderProps {
  config: SsoConfig
  children?: ReactNode
  /** Called with the tokens after every sign-in/refresh and with null when they are cleared. */
  onTokens?: (tokens: TokenSet | null) => void
  /** Replaces browser facilities (navigation, fetch…); for tests and non-standard hosts. */
  environment?: Partial<SsoEnvironment>
}

/**
 * Provides the sign-on state and actions to `useAuthSSO()`. The config is read once (first render); the
 * on-load behaviour of spec §4 runs after mount, once per provider.
 */
export function SSOProvider({ config, children, onTokens, environment }: SSOProviderProps): ReactNode {
  assertSsoConfig(config)
  const [client] = useState(() => new SsoClient(config, environment))
  const snapshot = useSyncExternalStore(client.subscribe, client.getSnapshot, client.getServerSnapshot)
  const onTokensRef = useRef(onTokens)

  useEffect(() => {
    onTokensRef.current = onTokens
  }, [onTokens])

  useEffect(() => client.onTokens((tokens) => onTokensRef.current?.(tokens)), [client])

  useEffect(() => client.start(), [client])

  const value = useMemo<AuthSSOContextValue>(
    () => ({
      ...snapshot.auth,
      error: snapshot.error,
      login: client.login,
      signup: client.signup,
      authenticate: client.authenticate,
      socialLogin: client.socialLogin,
      googleOneTap: client.googleOneTap,
      logout: client.logout,
      createLoginUrl: client.createLoginUrl,
      accountUrl: client.accountUrl,
      hasResourceRole: client.hasResourceRole,
      hasRealmRole: client.hasRealmRole,
      updateToken: client.updateToken,
      isTokenExpired: client.isTokenExpired,
      getAuthorizationHeader: client.getAuthorizationHeader,
      getFreshAuthorizationHeader: client.getFreshAuthorizationHeader,
      onTokens: client.onTokens,
      client,
    }),
    [snapshot, client],
  )

  return <SSOContext.Provider value={value}>{children}</SSOContext.Provider>
}

'use client'
import { createContext, useContext, useMemo, type ReactNode } from 'react'
import type { PublicConfig } from '@/lib/config'
import { routeUrl } from '@/lib/routes'

/** What the web needs from the sign-on client (packages/sso-client), in one place. */
export interface AuthValue {
  ready: boolean
  authenticated: boolean
  token?: string
  name?: string
  email?: string
  /** Sends the browser through SSO signup, back to `path` (a route without locale). */
  signup: (path: string) => void
  login: (path: string) => void
  logout: () => void
  accountUrl?: string
}

const AuthContext = createContext<AuthValue | null>(null)

export function AuthProvider({
  config,
  locale,
  children,
}: {
  config: PublicConfig
  locale: string
  children: ReactNode
}) {
  const value = useMemo<AuthValue>(() => {
    const go = (path: string) => window.location.assign(routeUrl(config.webUrl, locale, path))
    return { ready: true, authenticated: false, signup: go, login: go, logout: () => go('/') }
  }, [config.webUrl, locale])
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>
}

export const useAuth = (): AuthValue => {
  const value = useContext(AuthContext)
  if (!value) throw new Error('useAuth must be used within AuthProvider')
  return value
}

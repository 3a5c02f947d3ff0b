'use client'
import { createContext, useContext, useEffect, useMemo, useRef, type ReactNode } from 'react'
import { useTranslations } from 'next-intl'
import { SSOProvider, useAuthSSO, USER_ALREADY_EXISTS, type SsoConfig } from '@loa/sso-client'
import type { PublicConfig } from '@/lib/config'
import { routeUrl } from '@/lib/routes'
import { toast } from '@/lib/store/toast-store'
import { getFingerprint } from '@/lib/visitor/fingerprint'

/** What the web needs from the sign-on client (packages/sso-client), in one place. */
export interface AuthValue {
  ready: boolean
  authenticated: boolean
  /** Current access token (Bearer) for product-API calls. */
  token?: string
  /** A valid access token, refreshed first when it is about to expire. */
  getToken: () => Promise<string | undefined>
  subject?: string
  name?: string
  email?: string
  /** Sends the browser through SSO signup, back to `path` (a route without locale prefix). */
  signup: (path: string) => void
  login: (path: string) => void
  logout: () => void
  accountUrl?: string
  hasResourceRole: (role: string, resource?: string) => boolean
}

const AuthContext = createContext<AuthValue | null>(null)

/** Sign-on configuration of the app shell: autoLogin off, SSO on (spec §3). */
export const ssoConfigFor = (config: PublicConfig): SsoConfig => ({
  clientId: config.clientId,
  ssoUrl: config.ssoUrl,
  ssoApiUrl: config.ssoUrl,
  clientDomain: new URL(config.webUrl).hostname,
  options: { autoLogin: false, useSSO: true },
  ...(config.myAccountUrl ? { myAccountUrl: config.myAccountUrl } : {}),
})

function AuthBridge({
  config,
  locale,
  children,
}: {
  config: PublicConfig
  locale: string
  children: ReactNode
}) {
  const t = useTranslations('auth')
  const sso = useAuthSSO()
  const reported = useRef<string | null>(null)

  useEffect(() => {
    if (sso.error === USER_ALREADY_EXISTS && reported.current !== sso.error) {
      reported.current = sso.error
      toast.warning(t('userAlreadyExists'))
    }
  }, [sso.error, t])

  const value = useMemo<AuthValue>(() => {
    const target = (path: string) => routeUrl(config.webUrl, locale, path)
    const claims = sso.tokenParsed as { name?: unknown; email?: unknown } | undefined
    return {
      ready: sso.initialized,
      authenticated: sso.authenticated,
      token: sso.token,
      getToken: async () => {
        const header = await sso.getFreshAuthorizationHeader().catch(() => sso.getAuthorizationHeader())
        return header?.replace(/^Bearer\s+/i, '')
      },
      subject: sso.subject,
      name: typeof claims?.name === 'string' ? claims.name : undefined,
      email: typeof claims?.email === 'string' ? claims.email : undefined,
      signup: (path) => void sso.signup({ redirectUri: target(path) }),
      login: (path) => void sso.login({ redirectUri: target(path) }),
      logout: () =>
        void sso
          .logout({ fingerprint: getFingerprint(), redirectUri: target('/') })
          .catch((error: Error) => toast.error(error.message)),
      accountUrl: sso.authenticated ? sso.accountUrl() : undefined,
      hasResourceRole: sso.hasResourceRole,
    }
  }, [sso, config.webUrl, locale])

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>
}

export function AuthProvider({
  config,
  locale,
  children,
}: {
  config: PublicConfig
  locale: string
  children: ReactNode
}) {
  const ssoConfig = useMemo(() => ssoConfigFor(config), [config])
  return (
    <SSOProvider config={ssoConfig}>
      <AuthBridge config={config} locale={locale}>
        {children}
      </AuthBridge>
    </SSOProvider>
  )
}

export const useAuth = (): AuthValue => {
  const value = useContext(AuthContext)
  if (!value) throw new Error('useAuth must be used within AuthProvider')
  return value
}

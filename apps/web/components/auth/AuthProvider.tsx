'use client'
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react'
import type { AuthMode, SsoClient, SsoSnapshot } from '@loa/sso-client'
import { USER_ALREADY_EXISTS } from '@loa/contracts/browser'
import { useTranslations } from '@/components/i18n/client-i18n'
import type { PublicConfig } from '@/lib/config'
import { fillProfileAfterOneTap } from '@/lib/auth/one-tap-profile'
import { loadSsoClient, whenIdle } from '@/lib/auth/sso'
import { readAttribution } from '@/lib/attribution'
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
  /**
   * Sends the browser through the SSO (spec §3 auth modes: `sign_up` opens the signup form, `login` and `sign_in`
   * the login form), back to `path` (a route without locale prefix).
   */
  authenticate: (mode: AuthMode, path: string) => void
  /** A signed-in page asking a signed-out visitor to sign in: `authenticate('sign_in', path)`. */
  login: (path: string) => void
  /**
   * Signs in on this page with a Google One Tap credential (a Google ID token): sent to the SSO with the remembered
   * affiliate code; resolves with whether the SSO signed the visitor in, or the SSO's error code.
   */
  googleOneTap: (credential: string) => Promise<{ ok: true } | { ok: false; errorCode?: string }>
  logout: () => void
  /** True from a logout click until the browser leaves the page (signed-in pages must not ask for a login). */
  loggingOut: boolean
  accountUrl?: string
  /** The SSO sent the visitor back with this error (`access_denied`: the sign-in provider refused or failed). */
  signInError?: string
  hasResourceRole: (role: string, resource?: string) => boolean
  /** The underlying `@loa/sso-client` client once loaded (studio/console features may use it directly). */
  client: SsoClient | null
}

const AuthContext = createContext<AuthValue | null>(null)

/**
 * Auth state for the whole app from `@loa/sso-client` (autoLogin off, useSSO on): on load it exchanges a returned
 * code or refreshes from the SSO session cookie (spec §4); signup/login redirect to the SSO's /authorize.
 */
export function AuthProvider({
  config,
  locale,
  children,
}: {
  config: PublicConfig
  locale: string
  children: ReactNode
}) {
  const t = useTranslations('auth')
  const [client, setClient] = useState<SsoClient | null>(null)
  const [snapshot, setSnapshot] = useState<SsoSnapshot | null>(null)
  const reported = useRef<string | null>(null)
  const [loggingOut, setLoggingOut] = useState(false)

  const attached = useRef<{ client: SsoClient; unsubscribe: () => void } | null>(null)

  /** Follows the client's state (once per client): on load, or when a sign-in starts on this page (One Tap). */
  const attach = useCallback((loaded: SsoClient) => {
    if (attached.current?.client === loaded) return
    attached.current?.unsubscribe()
    attached.current = {
      client: loaded,
      unsubscribe: loaded.subscribe(() => setSnapshot(loaded.getSnapshot())),
    }
    setSnapshot(loaded.getSnapshot())
    setClient(loaded)
  }, [])

  useEffect(
    () => () => {
      attached.current?.unsubscribe()
      attached.current = null
    },
    [],
  )

  // Spec §4: on every load (no code and no error) a refresh is tried — a session started elsewhere (another tab
  // profile, the SSO's own pages, cleared storage) is found too. It runs when the browser is idle, after paint.
  useEffect(() => {
    let cancelled = false
    const cancelIdle = whenIdle(() => {
      void loadSsoClient(config).then((loaded) => {
        if (!cancelled) attach(loaded)
      })
    })
    return () => {
      cancelled = true
      cancelIdle()
    }
  }, [config, attach])

  const error = snapshot?.error
  useEffect(() => {
    if (error === USER_ALREADY_EXISTS && reported.current !== error) {
      reported.current = error
      toast.warning(t('userAlreadyExists'))
    }
  }, [error, t])

  const value = useMemo<AuthValue>(() => {
    const target = (path: string) => routeUrl(config.webUrl, locale, path)
    const withClient = (action: (c: SsoClient) => Promise<unknown>) =>
      void loadSsoClient(config)
        .then(action)
        .catch((e: Error) => toast.error(e.message))
    const auth = snapshot?.auth
    const claims = auth?.tokenParsed as { name?: unknown; email?: unknown } | undefined
    return {
      ready: Boolean(auth?.initialized),
      authenticated: Boolean(auth?.authenticated),
      token: auth?.token,
      getToken: async () => {
        if (!client) return undefined
        const header = await client.getFreshAuthorizationHeader().catch(() => client.getAuthorizationHeader())
        return header?.replace(/^Bearer\s+/i, '')
      },
      subject: auth?.subject,
      name: typeof claims?.name === 'string' ? claims.name : undefined,
      email: typeof claims?.email === 'string' ? claims.email : undefined,
      authenticate: (mode, path) => withClient((c) => c.authenticate(mode, { redirectUri: target(path) })),
      login: (path) => withClient((c) => c.authenticate('sign_in', { redirectUri: target(path) })),
      googleOneTap: async (credential) => {
        const loaded = await loadSsoClient(config)
        attach(loaded)
        // The on-load check first (a first-time visitor's refresh fails), so that it cannot undo the sign-in.
        await loaded.ready()
        const affiliateCode = readAttribution(window.localStorage).affiliate?.code
        const answer = (await loaded.googleOneTap({
          token: credential,
          ...(affiliateCode ? { affiliateCode } : {}),
        })) as { status?: unknown; error_code?: unknown; errorCode?: unknown } | undefined
        if (answer?.status === 1) {
          // Spec §7: the One Tap user (token-info read) fills the product profile; a failure costs nothing.
          void loaded
            .getFreshAuthorizationHeader()
            .then((header) => fillProfileAfterOneTap(config, credential, header?.replace(/^Bearer\s+/i, '')))
          return { ok: true }
        }
        const code = answer?.error_code ?? answer?.errorCode
        return { ok: false, ...(typeof code === 'string' ? { errorCode: code } : {}) }
      },
      logout: () => {
        setLoggingOut(true)
        withClient((c) =>
          c.logout({ fingerprint: getFingerprint(), redirectUri: target('/') }).catch((error: unknown) => {
            setLoggingOut(false)
            throw error
          }),
        )
      },
      loggingOut,
      accountUrl: auth?.authenticated && client ? client.accountUrl() : undefined,
      signInError: auth?.authenticated ? undefined : (snapshot?.error ?? undefined),
      hasResourceRole: (role, resource) => client?.hasResourceRole(role, resource) ?? false,
      client,
    }
  }, [snapshot, client, config, locale, loggingOut, attach])

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>
}

export const useAuth = (): AuthValue => {
  const value = useContext(AuthContext)
  if (!value) throw new Error('useAuth must be used within AuthProvider')
  return value
}

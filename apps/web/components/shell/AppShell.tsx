'use client'
import { useEffect, useMemo, useSyncExternalStore, type ReactNode } from 'react'
import dynamic from 'next/dynamic'
import { usePathname } from 'next/navigation'
import type { PublicConfig } from '@/lib/config'
import type { VisitorData } from '@/lib/visitor/ip'
import { isDemoPath, isLandingPath, showsPopupBanner } from '@/lib/routes'
import { useAppStore } from '@/lib/store/app-store'
import { AuthProvider } from '@/components/auth/AuthProvider'
import { ConfigProvider } from './config-context'
import { ReturnQuery } from './ReturnQuery'

// Not needed to paint a page: loaded after hydration, outside the first-load JavaScript.
const CareWidget = dynamic(() => import('./CareWidget'), { ssr: false })
const PopupBanner = dynamic(() => import('./PopupBanner'), { ssr: false })
const Toaster = dynamic(() => import('./Toaster').then((m) => m.Toaster), { ssr: false })
const Analytics = dynamic(() => import('./Analytics').then((m) => m.Analytics), { ssr: false })
const AffiliateTracker = dynamic(() => import('./AffiliateTracker').then((m) => m.AffiliateTracker), {
  ssr: false,
})
const GoogleOneTap = dynamic(() => import('@/components/auth/GoogleOneTap'), { ssr: false })

const noSubscribe = () => () => undefined
/** Inside the care widget's chat frame the page shows no widget and no popup of its own. */
const useEmbedded = (): boolean =>
  useSyncExternalStore(
    noSubscribe,
    () => window.self !== window.top,
    () => false,
  )

interface Props {
  config: PublicConfig
  visitor: VisitorData
  locale: string
  children: ReactNode
}

/**
 * Client shell of every page: config, auth, flags, client state, toasts, care widget (not on /demo), and on the
 * public pages the promotional popup (not /demo, never over the studio, console or back-office), and on the landing
 * page Google One Tap (when a Google client id is configured).
 */
export function AppShell({ config, visitor, locale, children }: Props) {
  const pathname = usePathname() ?? '/'
  const embedded = useEmbedded()
  const bare = isDemoPath(pathname) || embedded
  const landing = isLandingPath(pathname)
  const popup = showsPopupBanner(pathname)
  const updateLocation = useAppStore((s) => s.updateLocation)
  const attributes = useMemo(
    () => ({ ip: visitor.ip, country: visitor.country, locale }),
    [visitor.ip, visitor.country, locale],
  )

  useEffect(() => {
    updateLocation({ ip: visitor.ip, country: visitor.country })
  }, [updateLocation, visitor.ip, visitor.country])

  useEffect(() => {
    // Marks a hydrated page (tests and tooling wait for it instead of sleeping).
    document.documentElement.dataset.shell = 'ready'
  }, [])

  return (
    <ConfigProvider config={config}>
      <AuthProvider config={config} locale={locale}>
        <ReturnQuery />
        {children}
        <Toaster />
        {!bare && <CareWidget attributes={attributes} />}
        {popup && !embedded && <PopupBanner />}
        <Analytics tagId={config.analyticsTagId} />
        <AffiliateTracker />
        {landing && !embedded && config.googleClientId && <GoogleOneTap clientId={config.googleClientId} />}
      </AuthProvider>
    </ConfigProvider>
  )
}

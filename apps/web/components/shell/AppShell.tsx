'use client'
import { useEffect, type ReactNode } from 'react'
import { usePathname } from 'next/navigation'
import type { PublicConfig } from '@/lib/config'
import type { VisitorData } from '@/lib/visitor/ip'
import { isDemoPath } from '@/lib/routes'
import { useAppStore } from '@/lib/store/app-store'
import { FlagsProvider } from '@/components/flags/FlagsProvider'
import { AuthProvider } from '@/components/auth/AuthProvider'
import { ConfigProvider } from './config-context'
import { Toaster } from './Toaster'
import { CareWidget } from './CareWidget'
import { PopupBanner } from './PopupBanner'
import { Analytics } from './Analytics'
import { AffiliateTracker } from './AffiliateTracker'

interface Props {
  config: PublicConfig
  visitor: VisitorData
  locale: string
  children: ReactNode
}

/** Client shell of every page: config, auth, flags, client state, toasts, care widget and popup (not on /demo). */
export function AppShell({ config, visitor, locale, children }: Props) {
  const pathname = usePathname() ?? '/'
  const demo = isDemoPath(pathname)
  const updateLocation = useAppStore((s) => s.updateLocation)

  useEffect(() => {
    updateLocation({ ip: visitor.ip, country: visitor.country })
  }, [updateLocation, visitor.ip, visitor.country])

  return (
    <ConfigProvider config={config}>
      <AuthProvider config={config} locale={locale}>
        <FlagsProvider
          apiHost={config.flagsUrl}
          clientKey={config.flagsClientKey}
          attributes={{ ip: visitor.ip, country: visitor.country, locale }}
        >
          {children}
          <Toaster />
          {!demo && <CareWidget locale={locale} />}
          {!demo && <PopupBanner />}
          <Analytics tagId={config.analyticsTagId} />
          <AffiliateTracker />
        </FlagsProvider>
      </AuthProvider>
    </ConfigProvider>
  )
}

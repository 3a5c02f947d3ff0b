import '@/styles/globals.css'
import type { ReactNode } from 'react'
import type { Viewport } from 'next'
import { notFound } from 'next/navigation'
import { headers } from 'next/headers'
import { hasLocale } from 'next-intl'
import { getMessages, getTranslations, setRequestLocale } from 'next-intl/server'
import { routing } from '@/i18n/routing'
import { SITE_NAMESPACES } from '@/i18n/client-namespaces'
import { ClientI18nProvider } from '@/components/i18n/client-i18n'
import { getWebConfig } from '@/lib/config'
import { readVisitor } from '@/lib/visitor/ip'
import { localBusinessJsonLd, serializeJsonLd } from '@/lib/seo/json-ld'
import { AppShell } from '@/components/shell/AppShell'
import { ExternalScripts } from '@/components/shell/ExternalScripts'
import { FlagsBoot } from '@/components/flags/FlagsBoot'

export const dynamic = 'force-dynamic'

export const viewport: Viewport = { width: 'device-width', initialScale: 1, themeColor: '#5b21b6' }

export default async function LocaleLayout({
  children,
  params,
}: {
  children: ReactNode
  params: Promise<{ locale: string }>
}) {
  const { locale } = await params
  if (!hasLocale(routing.locales, locale)) notFound()
  setRequestLocale(locale)
  const { public: config } = getWebConfig()
  const visitor = readVisitor(await headers())
  const [messages, t] = await Promise.all([getMessages(), getTranslations({ locale, namespace: 'meta' })])
  const jsonLd = localBusinessJsonLd(config, t('businessName'), locale)
  const clientMessages = Object.fromEntries(SITE_NAMESPACES.map((ns) => [ns, messages[ns]]))

  return (
    <html lang={locale}>
      <body>
        <FlagsBoot
          apiHost={config.flagsUrl}
          clientKey={config.flagsClientKey}
          attributes={{ ip: visitor.ip, country: visitor.country, locale }}
        />
        <ClientI18nProvider locale={locale} messages={clientMessages}>
          <AppShell config={config} visitor={visitor} locale={locale}>
            {children}
          </AppShell>
        </ClientI18nProvider>
        <script
          type="application/ld+json"
          id="local-business"
          dangerouslySetInnerHTML={{ __html: serializeJsonLd(jsonLd) }}
        />
        <ExternalScripts config={config} />
      </body>
    </html>
  )
}

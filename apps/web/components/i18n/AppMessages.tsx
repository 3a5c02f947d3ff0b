import type { ReactNode } from 'react'
import { getMessages } from 'next-intl/server'
import { APP_NAMESPACES } from '@/i18n/client-namespaces'
import { ClientI18nProvider } from './client-i18n'

/**
 * The signed-in areas' strings for their client components, added to the site's (root layout) in their layouts.
 * The locale comes from the layout's own params: layouts render in parallel with the root one, so the request
 * locale the root layout sets may not be set yet here (it fell back to Vietnamese on /en pages).
 */
export async function AppMessages({ locale, children }: { locale: string; children: ReactNode }) {
  const messages = await getMessages({ locale })
  const picked = Object.fromEntries(APP_NAMESPACES.map((ns) => [ns, messages[ns]]))
  return (
    <ClientI18nProvider locale={locale} messages={picked}>
      {children}
    </ClientI18nProvider>
  )
}

'use client'
import { useEffect, type ReactNode } from 'react'
import { usePathname } from 'next/navigation'
import { useAuth } from '@/components/auth/AuthProvider'
import { useLocale, useTranslations } from '@/components/i18n/client-i18n'
import { ROUTES, stripLocale } from '@/lib/routes'
import { Button } from '@/components/ui/Button'
import './admin.css'

const NAV = [
  { path: ROUTES.admin, key: 'dashboard' },
  { path: `${ROUTES.admin}/users`, key: 'users' },
  { path: `${ROUTES.admin}/orders`, key: 'orders' },
  { path: `${ROUTES.admin}/banners`, key: 'banners' },
  { path: `${ROUTES.admin}/catalogue`, key: 'catalogue' },
  { path: `${ROUTES.admin}/voices`, key: 'voices' },
  { path: `${ROUTES.admin}/flags`, key: 'flags' },
  { path: `${ROUTES.admin}/support`, key: 'support' },
  { path: `${ROUTES.admin}/jobs`, key: 'jobs' },
  { path: `${ROUTES.admin}/audit`, key: 'audit' },
] as const

/** The SSO resource whose `admin` role opens the back-office (the API checks it again on every call). */
export const API_RESOURCE = 'loa-api'

/**
 * Frame of the back-office: signs a visitor in (back to /admin), shows a refusal to a signed-in user without the
 * `admin` role on `loa-api`, otherwise the navigation and the page. The role check here only decides what to show.
 */
export function AdminShell({ children }: { children: ReactNode }) {
  const t = useTranslations('admin')
  const tAll = useTranslations()
  const locale = useLocale()
  const auth = useAuth()
  const pathname = stripLocale(usePathname() ?? ROUTES.admin)
  const prefix = locale === 'en' ? '/en' : ''

  useEffect(() => {
    if (auth.ready && !auth.authenticated && !auth.loggingOut) auth.login(ROUTES.admin)
  }, [auth])

  if (!auth.ready || !auth.authenticated)
    return (
      <main id="main" className="signed-in-wait" aria-busy="true">
        <p>{t('signingIn')}</p>
      </main>
    )
  const header = (
    <header className="app-header">
      <a className="logo" href={prefix || '/'} aria-label={tAll('nav.home')}>
        Loa
      </a>
      <span className="muted" data-testid="signed-in-as">
        {tAll('auth.signedInAs', { name: auth.name ?? auth.email ?? '' })}
      </span>
      <Button variant="quiet" onClick={() => auth.logout()}>
        {tAll('nav.logout')}
      </Button>
    </header>
  )
  if (!auth.hasResourceRole('admin', API_RESOURCE))
    return (
      <div className="app-frame">
        {header}
        <main id="main" className="app-main" data-testid="admin-forbidden">
          <h1>{t('forbiddenTitle')}</h1>
          <p>{t('forbidden')}</p>
        </main>
      </div>
    )
  return (
    <div className="app-frame admin-frame">
      {header}
      <nav className="app-nav" aria-label={t('nav.label')}>
        <ul>
          {NAV.map((item) => (
            <li key={item.path}>
              <a href={`${prefix}${item.path}`} aria-current={pathname === item.path ? 'page' : undefined}>
                {t(`nav.${item.key}`)}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <main id="main" className="app-main admin-main">
        {children}
      </main>
    </div>
  )
}

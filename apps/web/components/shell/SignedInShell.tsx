'use client'
import { useEffect, type ReactNode } from 'react'
import { useLocale, useTranslations } from '@/components/i18n/client-i18n'
import { usePathname } from 'next/navigation'
import { useAuth } from '@/components/auth/AuthProvider'
import { OutOfCredits } from '@/components/payments/OutOfCredits'
import { ROUTES, stripLocale } from '@/lib/routes'
import { Button } from '@/components/ui/Button'

const NAV = [
  { path: ROUTES.studio, key: 'studio' },
  { path: ROUTES.studioTts, key: 'textToSpeech' },
  { path: ROUTES.studioDubbing, key: 'dubbing' },
  { path: ROUTES.studioCallPrompts, key: 'callPrompts' },
  { path: ROUTES.studioPayments, key: 'payments' },
  { path: ROUTES.consoleApps, key: 'apiConsole' },
] as const

/** On phones the tabs scroll sideways: the current one is brought into view. */
const showCurrentTab = (link: HTMLAnchorElement | null) => {
  link?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' })
}

/**
 * Frame of the signed-in product (studio, console): sends signed-out visitors through SSO login back to the same
 * page, then shows the navigation and the page.
 */
export function SignedInShell({ children }: { children: ReactNode }) {
  const t = useTranslations()
  const locale = useLocale()
  const auth = useAuth()
  const pathname = stripLocale(usePathname() ?? '/')
  const prefix = locale === 'en' ? '/en' : ''

  // Back from a refused sign-in (the person cancelled at Google, Facebook, Zalo…): say so and let them retry,
  // instead of sending them straight back to the login page.
  const refused = auth.signInError === 'access_denied'
  useEffect(() => {
    if (auth.ready && !auth.authenticated && !auth.loggingOut && !refused) auth.login(pathname)
  }, [auth, pathname, refused])

  if (auth.ready && !auth.authenticated && refused) {
    return (
      <main id="main" className="signed-in-wait">
        <p role="alert" data-testid="sign-in-refused">
          {t('auth.signInRefused')}
        </p>
        <Button variant="primary" onClick={() => auth.login(pathname)}>
          {t('nav.login')}
        </Button>
      </main>
    )
  }

  if (!auth.ready || !auth.authenticated) {
    return (
      <main id="main" className="signed-in-wait" aria-busy="true">
        <p>{t('auth.signingIn')}</p>
      </main>
    )
  }
  return (
    <div className="app-frame">
      <header className="app-header">
        <a className="logo" href={prefix || '/'} aria-label={t('nav.home')}>
          Loa
        </a>
        <span className="muted" data-testid="signed-in-as">
          {t('auth.signedInAs', { name: auth.name ?? auth.email ?? '' })}
        </span>
        <a
          href={`${prefix}${ROUTES.studioAccount}`}
          aria-current={pathname === ROUTES.studioAccount ? 'page' : undefined}
        >
          {t('nav.account')}
        </a>
        <Button variant="quiet" className="app-logout" onClick={() => auth.logout()}>
          {t('nav.logout')}
        </Button>
      </header>
      <nav className="app-nav" aria-label={t('shell.studioNav')}>
        <ul>
          {NAV.map((item) => (
            <li key={item.path}>
              <a
                href={`${prefix}${item.path}`}
                aria-current={pathname === item.path ? 'page' : undefined}
                ref={pathname === item.path ? showCurrentTab : undefined}
              >
                <span className="tab-long">{t(`shell.${item.key}`)}</span>
                <span className="tab-short">{t(`shell.tabs.${item.key}`)}</span>
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <main id="main" className="app-main">
        {children}
      </main>
      <OutOfCredits />
    </div>
  )
}

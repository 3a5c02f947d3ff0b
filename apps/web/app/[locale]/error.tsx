'use client'
import { useEffect } from 'react'
import { useLocale, useTranslations } from '@/components/i18n/client-i18n'
import { HeaderView } from '@/components/landing/HeaderView'
import { Button } from '@/components/ui/Button'

/**
 * A page that failed while rendering: the site header, the reason in the page's language, retry and a way home.
 * (Client component: Next renders it where the failed page was, inside the locale layout.)
 */
export default function PageError({
  error,
  reset,
}: {
  error: Error & { digest?: string }
  reset: () => void
}) {
  const locale = useLocale()
  const nav = useTranslations('nav')
  const t = useTranslations('shell.pageError')

  useEffect(() => {
    document.title = `${t('title')} – Loa`
  }, [t])

  return (
    <>
      <HeaderView locale={locale} t={nav} />
      <main id="main" className="page-main">
        <section className="section status-page" aria-labelledby="error-title" data-testid="page-error">
          <div className="container narrow">
            <h1 id="error-title">{t('title')}</h1>
            <p className="lead">{t('body')}</p>
            {error.digest && <p className="muted">{t('code', { digest: error.digest })}</p>}
            <p className="cta-row">
              <Button variant="primary" onClick={() => reset()}>
                {t('retry')}
              </Button>
              <a className="btn btn-outline" href={locale === 'en' ? '/en' : '/'}>
                {t('home')}
              </a>
            </p>
          </div>
        </section>
      </main>
    </>
  )
}

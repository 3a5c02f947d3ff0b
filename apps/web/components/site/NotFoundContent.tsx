import { getTranslations } from 'next-intl/server'
import { ROUTES } from '@/lib/routes'

/** Body of the 404 page: what happened and where to go next. */
export async function NotFoundContent({ locale }: { locale: string }) {
  const t = await getTranslations({ locale, namespace: 'site.notFound' })
  const prefix = locale === 'en' ? '/en' : ''
  return (
    <section className="section status-page" aria-labelledby="not-found-title" data-testid="not-found">
      <div className="container narrow">
        <p className="status-code" aria-hidden="true">
          404
        </p>
        <h1 id="not-found-title">{t('title')}</h1>
        <p className="lead">{t('body')}</p>
        <p className="cta-row">
          <a className="btn btn-primary" href={prefix || '/'}>
            {t('home')}
          </a>
          <a className="btn btn-outline" href={`${prefix}${ROUTES.studio}`}>
            {t('studio')}
          </a>
          <a className="btn btn-ghost" href={`${prefix}${ROUTES.support}`}>
            {t('support')}
          </a>
        </p>
      </div>
    </section>
  )
}

import { getTranslations } from 'next-intl/server'
import { PageFrame } from '@/components/shell/PageFrame'
import { NotFoundContent } from '@/components/site/NotFoundContent'

/**
 * The 404 page in the page's language, with the site header, links onwards and the footer. Its title and robots tag
 * are rendered here (React puts them in the head): a not-found boundary has no metadata of its own.
 */
export async function NotFoundPage({ locale }: { locale: string }) {
  const t = await getTranslations({ locale, namespace: 'meta' })
  return (
    <PageFrame locale={locale} path="/">
      <title>{t('notFoundTitle')}</title>
      <meta name="robots" content="noindex, nofollow" />
      <NotFoundContent locale={locale} />
    </PageFrame>
  )
}

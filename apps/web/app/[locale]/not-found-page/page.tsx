import { setRequestLocale } from 'next-intl/server'
import { NotFoundPage } from '@/components/site/NotFoundPage'

/**
 * Where proxy.ts sends an unknown address, with status 404: a page, so the server renders it in the site's shell
 * with `lang` and a title (a `notFound()` thrown at request time gives crawlers an empty error document).
 */
export default async function NotFoundRoute({ params }: { params: Promise<{ locale: string }> }) {
  const { locale } = await params
  setRequestLocale(locale)
  return <NotFoundPage locale={locale} />
}

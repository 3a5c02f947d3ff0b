import { getTranslations, setRequestLocale } from 'next-intl/server'
import { buildPageMetadata } from '@/lib/seo/metadata'
import { ApiReference } from '@/components/docs/ApiReference'
import { DocsFrame } from '@/components/docs/DocsFrame'
import { fetchPublicDocument } from '@/lib/docs/document'
import { groupByProduct } from '@/lib/docs/openapi'
import { ROUTES } from '@/lib/routes'

type Props = { params: Promise<{ locale: string }> }

export const generateMetadata = async ({ params }: Props) =>
  buildPageMetadata((await params).locale, ROUTES.docs, 'docsTitle')

/** /docs: the developer API reference (public operations only), with the guides in its menu. */
export default async function DocsPage({ params }: Props) {
  const { locale } = await params
  setRequestLocale(locale)
  const t = await getTranslations({ locale, namespace: 'docs' })
  const doc = await fetchPublicDocument()
  const groups = doc ? groupByProduct(doc) : []
  return (
    <DocsFrame locale={locale} path={ROUTES.docs} current="reference" products={groups}>
      {doc ? (
        <ApiReference doc={doc} groups={groups} locale={locale} />
      ) : (
        <div role="alert" data-testid="docs-unavailable">
          <h1>{t('reference.title')}</h1>
          <p>{t('reference.unavailable')}</p>
        </div>
      )}
    </DocsFrame>
  )
}

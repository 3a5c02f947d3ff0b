import { notFound } from 'next/navigation'
import { getTranslations, setRequestLocale } from 'next-intl/server'
import { buildPageMetadata } from '@/lib/seo/metadata'
import { DocsFrame } from '@/components/docs/DocsFrame'
import { Markdown } from '@/components/docs/Markdown'
import { isGuide, readGuide } from '@/lib/docs/guides'
import { ROUTES } from '@/lib/routes'

type Props = { params: Promise<{ locale: string; guide: string }> }

/** The guide's own title ("Bắt đầu nhanh – Loa"), with the docs' head otherwise. */
export const generateMetadata = async ({ params }: Props) => {
  const { locale, guide } = await params
  const meta = await buildPageMetadata(locale, `${ROUTES.docs}/${guide}`, 'docsTitle')
  if (!isGuide(guide)) return meta
  const t = await getTranslations({ locale, namespace: 'docs' })
  return { ...meta, title: `${t(`guides.${guide}`)} – Loa` }
}

/** /docs/<guide>: one guide (content/docs/<locale>/<guide>.md). */
export default async function GuidePage({ params }: Props) {
  const { locale, guide } = await params
  if (!isGuide(guide)) notFound()
  setRequestLocale(locale)
  const [source, t] = await Promise.all([
    readGuide(locale, guide),
    getTranslations({ locale, namespace: 'docs' }),
  ])
  return (
    <DocsFrame locale={locale} path={`${ROUTES.docs}/${guide}`} current={guide}>
      <article data-testid="docs-guide">
        <Markdown source={source} labels={{ response: t('reference.exampleResponse') }} />
      </article>
    </DocsFrame>
  )
}

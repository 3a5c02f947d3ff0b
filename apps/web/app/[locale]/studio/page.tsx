import { getTranslations, setRequestLocale } from 'next-intl/server'
import { buildPageMetadata } from '@/lib/seo/metadata'
import { ROUTES } from '@/lib/routes'
import { StudioHome } from '@/components/studio/StudioHome'

type Props = { params: Promise<{ locale: string }> }

export const generateMetadata = async ({ params }: Props) =>
  buildPageMetadata((await params).locale, ROUTES.studio, 'studioTitle')

export default async function Page({ params }: Props) {
  const { locale } = await params
  setRequestLocale(locale)
  const t = await getTranslations({ locale, namespace: 'shell' })
  return (
    <>
      <h1 id="shell-title">{t('studio')}</h1>
      <StudioHome />
    </>
  )
}

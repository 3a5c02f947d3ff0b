import { getTranslations, setRequestLocale } from 'next-intl/server'
import { buildPageMetadata } from '@/lib/seo/metadata'
import { ROUTES } from '@/lib/routes'
import { DubbingStudio } from '@/components/dubbing/DubbingStudio'

type Props = { params: Promise<{ locale: string }> }

export const generateMetadata = async ({ params }: Props) =>
  buildPageMetadata((await params).locale, ROUTES.studioDubbing, 'dubbingTitle')

export default async function Page({ params }: Props) {
  const { locale } = await params
  setRequestLocale(locale)
  const t = await getTranslations({ locale, namespace: 'shell' })
  return (
    <>
      <h1 id="shell-title">{t('dubbing')}</h1>
      <DubbingStudio />
    </>
  )
}

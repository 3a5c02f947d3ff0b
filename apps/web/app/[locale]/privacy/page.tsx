import { setRequestLocale } from 'next-intl/server'
import { buildPageMetadata } from '@/lib/seo/metadata'
import { LegalPage } from '@/components/site/LegalPage'
import { ROUTES } from '@/lib/routes'

type Props = { params: Promise<{ locale: string }> }

export const generateMetadata = async ({ params }: Props) =>
  buildPageMetadata((await params).locale, ROUTES.privacy, 'privacyTitle')

export default async function PrivacyPage({ params }: Props) {
  const { locale } = await params
  setRequestLocale(locale)
  return <LegalPage locale={locale} kind="privacy" path={ROUTES.privacy} />
}

import { setRequestLocale } from 'next-intl/server'
import { buildPageMetadata } from '@/lib/seo/metadata'
import { LandingPage } from '@/components/landing/LandingPage'

type Props = { params: Promise<{ locale: string }> }

export const generateMetadata = async ({ params }: Props) => buildPageMetadata((await params).locale, '/')

export default async function Home({ params }: Props) {
  const { locale } = await params
  setRequestLocale(locale)
  return <LandingPage locale={locale} />
}

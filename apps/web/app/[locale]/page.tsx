import { setRequestLocale } from 'next-intl/server'
import { buildPageMetadata } from '@/lib/seo/metadata'
import { LandingPage } from '@/components/landing/LandingPage'
import { VoucherBanner } from '@/components/vouchers/VoucherBanner'

type Props = { params: Promise<{ locale: string }> }

export const generateMetadata = async ({ params }: Props) => buildPageMetadata((await params).locale, '/')

export default async function Home({ params }: Props) {
  const { locale } = await params
  setRequestLocale(locale)
  return (
    <>
      <VoucherBanner />
      <LandingPage locale={locale} />
    </>
  )
}

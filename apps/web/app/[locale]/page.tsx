import { setRequestLocale } from 'next-intl/server'
import { buildPageMetadata } from '@/lib/seo/metadata'
import { LandingPage } from '@/components/landing/LandingPage'
import { VoucherBanner } from '@/components/vouchers/VoucherBanner'
import { offeredVoucher } from '@/components/vouchers/offer'
import { getServerApi } from '@/lib/api/server'
import { cachedLandingRead } from '@/lib/api/landing-cache'

type Props = { params: Promise<{ locale: string }> }

export const generateMetadata = async ({ params }: Props) => buildPageMetadata((await params).locale, '/')

export default async function Home({ params }: Props) {
  const { locale } = await params
  setRequestLocale(locale)
  // The public offer comes with the HTML, so the banner does not push the page down after hydration (CLS).
  // A failed call (null) is not kept: the next request asks again.
  const offer = offeredVoucher(
    await cachedLandingRead(
      `voucher-banner:${locale}`,
      () => getServerApi().getVoucherBanner(null, locale),
      (body) => body !== null,
    ),
  )
  return (
    <>
      <VoucherBanner initial={offer} />
      <LandingPage locale={locale} />
    </>
  )
}

'use client'
import { useLocale, useTranslations } from '@/components/i18n/client-i18n'
import { ROUTES } from '@/lib/routes'

/** The top-up package bought when the studio balance does not cover the text. */
export const TOP_UP_PACKAGE = 'STUDIO-SPECIAL-TOPUP'

/** "Buy characters": the payments page with the top-up's checkout open (entry point of "not enough characters"). */
export function BuyCreditsLink() {
  const t = useTranslations('checkout')
  const locale = useLocale()
  return (
    <a
      className="btn btn-outline btn-small"
      data-testid="buy-credits"
      href={`${locale === 'en' ? '/en' : ''}${ROUTES.studioPayments}?package=${TOP_UP_PACKAGE}`}
    >
      {t('buyCredits')}
    </a>
  )
}

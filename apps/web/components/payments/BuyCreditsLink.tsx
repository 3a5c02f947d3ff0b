'use client'
import { useLocale, useTranslations } from '@/components/i18n/client-i18n'
import { buyMoreHref } from '@/lib/payments/shortfall'
import { buttonClass } from '@/components/ui/button-class'

/** "Buy characters": the payments page with the studio wallet's package open (entry point of "not enough characters"). */
export function BuyCreditsLink() {
  const t = useTranslations('checkout')
  const locale = useLocale()
  return (
    <a
      className={buttonClass({ variant: 'secondary', size: 'sm' })}
      data-testid="buy-credits"
      href={buyMoreHref(locale, 'aivoice')}
    >
      {t('buyCredits')}
    </a>
  )
}

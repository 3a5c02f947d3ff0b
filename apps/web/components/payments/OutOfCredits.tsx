'use client'
import { WALLET_UNITS } from '@loa/contracts/browser'
import { useLocale, useTranslations } from '@/components/i18n/client-i18n'
import { buyMoreHref } from '@/lib/payments/shortfall'
import { useShortfallStore } from '@/lib/store/shortfall-store'
import { useCreditFormat } from './useCreditFormat'
import { Button } from '@/components/ui/Button'
import './out-of-credits.css'

/**
 * "Not enough credits" as a path (issue 28): which wallet, what the work needs and what is left, each with its unit,
 * and "Mua thêm" — the payments page with checkout open on that wallet's package. Shown by `showShortfall` from the
 * studio, dubbing and the console; stays until closed.
 */
export function OutOfCredits() {
  const t = useTranslations('checkout')
  const locale = useLocale()
  const credits = useCreditFormat()
  const shortfall = useShortfallStore((s) => s.shortfall)
  const dismiss = useShortfallStore((s) => s.dismiss)
  if (!shortfall) return null
  const { product, required, balance } = shortfall
  const unit = WALLET_UNITS[product]
  return (
    <aside
      className="out-of-credits"
      role="alert"
      aria-labelledby="out-of-credits-title"
      data-testid="out-of-credits"
      data-product={product}
    >
      <strong id="out-of-credits-title">
        {t('outOfCredits.title', { product: t(`product.${product}`) })}
      </strong>
      {required !== null && balance !== null && (
        <p data-testid="out-of-credits-amounts">
          {t('outOfCredits.amounts', { required: credits(required, unit), balance: credits(balance, unit) })}
        </p>
      )}
      <div className="out-of-credits-actions">
        <a className="btn btn-primary" href={buyMoreHref(locale, product)} data-testid="buy-more">
          {t('outOfCredits.buyMore')}
        </a>
        <Button variant="secondary" onClick={dismiss}>
          {t('close')}
        </Button>
      </div>
    </aside>
  )
}

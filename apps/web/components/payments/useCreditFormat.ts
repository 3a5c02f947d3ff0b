'use client'
import { useCallback } from 'react'
import type { CreditUnit } from '@loa/contracts/browser'
import { useLocale, useTranslations } from '@/components/i18n/client-i18n'
import { formatCredits } from '@/lib/payments/units'

/** `(amount, unit) => "8 phút 31 giây" | "12.400 ký tự"` in the page's language (issue 28). */
export const useCreditFormat = () => {
  const t = useTranslations('checkout.units')
  const locale = useLocale()
  return useCallback(
    (amount: number, unit: CreditUnit) => formatCredits(amount, unit, t, locale),
    [t, locale],
  )
}

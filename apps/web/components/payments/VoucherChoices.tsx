'use client'
import { useEffect, useState } from 'react'
import { useAuth } from '@/components/auth/AuthProvider'
import { useLocale, useTranslations } from '@/components/i18n/client-i18n'
import { useApi } from '@/components/shell/config-context'
import { voucherChoices, type VoucherChoice } from './voucher-choices'
import { Button } from '@/components/ui/Button'

/**
 * The customer's vouchers from paid orders and the public vouchers (spec 7.30, 7.32: `GET /vouchers/paid-orders`,
 * `GET /public-vouchers`), picked with a click instead of typing the code; `GET /vouchers` drops the public ones the
 * caller's audience cannot use. Nothing is shown when there are none or the calls failed; the typed-code form beside
 * it keeps working.
 */
export function VoucherChoices({
  packageCode,
  chosen,
  onPick,
}: {
  packageCode: string
  chosen: string | undefined
  onPick: (code: string) => void
}) {
  const t = useTranslations('checkout')
  const locale = useLocale()
  const api = useApi()
  const { getToken } = useAuth()
  const [choices, setChoices] = useState<VoucherChoice[]>([])

  useEffect(() => {
    let live = true
    void (async () => {
      const token = await getToken().catch(() => undefined)
      const [paid, open, usable] = await Promise.all([
        token ? api.getPaidOrderVouchers(token, locale) : Promise.resolve(null),
        api.getPublicVouchers(locale),
        token ? api.getVouchers(token) : Promise.resolve(null),
      ])
      if (live) setChoices(voucherChoices(paid, open, packageCode, usable))
    })()
    return () => {
      live = false
    }
  }, [api, getToken, locale, packageCode])

  if (choices.length === 0) return null
  const nf = (n: number) => n.toLocaleString(locale === 'en' ? 'en-US' : 'vi-VN')
  const off = (v: VoucherChoice) =>
    v.discountPercent
      ? t('voucherChoiceOffPercent', { percent: v.discountPercent })
      : t('voucherChoiceOffAmount', { amount: nf(v.discountAmount ?? 0) })
  return (
    <div className="voucher-choices" data-testid="voucher-choices">
      <p id="voucher-choices-title">{t('voucherChoices')}</p>
      <ul aria-labelledby="voucher-choices-title">
        {choices.map((v) => (
          <li key={v.code}>
            <Button
              className="voucher-choice"
              aria-pressed={chosen === v.code}
              data-testid={`voucher-choice-${v.code}`}
              onClick={() => onPick(v.code)}
            >
              <strong>{v.code}</strong> · {off(v)}
              {v.maxDiscount ? ` ${t('voucherChoiceMax', { amount: nf(v.maxDiscount) })}` : ''}
              <span className="voucher-choice-title">{v.title}</span>
            </Button>
          </li>
        ))}
      </ul>
    </div>
  )
}

'use client'
import { useEffect, useState } from 'react'
import { useAuth } from '@/components/auth/AuthProvider'
import { useLocale, useTranslations } from '@/components/i18n/client-i18n'
import { useApi } from '@/components/shell/config-context'
import { useAppStore } from '@/lib/store/app-store'
import './voucher-banner.css'

interface BannerVoucher {
  code: string
  title: string
  description: string
  discountPercent: number | null
  discountAmount: number | null
}

const DISMISSED_KEY = 'loa_voucher_banner_closed'

const dismissed = (code: string): boolean => {
  try {
    return window.sessionStorage.getItem(DISMISSED_KEY) === code
  } catch {
    return false
  }
}

/**
 * The voucher banner above the page (spec §6: "the user version when a token exists, otherwise the public one"):
 * `GET /vouchers/banner/user` (bearer) when signed in, `GET /vouchers/banner` otherwise. Whether it shows is the
 * spec's header-check flag (`ui.checkShowHeader`, §3): set when a voucher is offered, cleared when closed (for this
 * browser session).
 */
export function VoucherBanner() {
  const t = useTranslations('payments')
  const locale = useLocale()
  const api = useApi()
  const { ready, authenticated, getToken } = useAuth()
  const show = useAppStore((s) => s.ui.checkShowHeader)
  const setShow = useAppStore((s) => s.setCheckShowHeader)
  const [voucher, setVoucher] = useState<BannerVoucher | null>(null)

  useEffect(() => {
    if (!ready) return
    let cancelled = false
    void (async () => {
      const token = authenticated ? await getToken() : undefined
      const body = (await api.getVoucherBanner(token)) as {
        result?: { voucher?: BannerVoucher | null }
      } | null
      const offered = body?.result?.voucher ?? null
      if (cancelled) return
      setVoucher(offered)
      setShow(Boolean(offered && !dismissed(offered.code)))
    })()
    return () => {
      cancelled = true
    }
  }, [ready, authenticated, getToken, api, setShow])

  useEffect(() => () => setShow(false), [setShow])

  if (!show || !voucher) return null
  const money = new Intl.NumberFormat(locale === 'en' ? 'en-US' : 'vi-VN', {
    style: 'currency',
    currency: 'VND',
  })
  const discount =
    voucher.discountPercent !== null
      ? t('voucherBanner.off', { n: voucher.discountPercent })
      : voucher.discountAmount !== null
        ? t('voucherBanner.offAmount', { amount: money.format(voucher.discountAmount) })
        : ''
  return (
    <aside className="voucher-banner" aria-label={t('voucherBanner.region')} data-testid="voucher-banner">
      <p>
        <strong>{voucher.title}</strong>
        {discount && <span className="voucher-banner-discount">{discount}</span>}
        <span className="voucher-banner-code">{t('voucherBanner.code', { code: voucher.code })}</span>
      </p>
      <button
        type="button"
        className="voucher-banner-close"
        aria-label={t('voucherBanner.close')}
        onClick={() => {
          try {
            window.sessionStorage.setItem(DISMISSED_KEY, voucher.code)
          } catch {
            // closing still works for this page
          }
          setShow(false)
        }}
      >
        ×
      </button>
    </aside>
  )
}

'use client'
import { useEffect, useState, useSyncExternalStore } from 'react'
import { useAuth } from '@/components/auth/AuthProvider'
import { useLocale, useTranslations } from '@/components/i18n/client-i18n'
import { useApi } from '@/components/shell/config-context'
import { useAppStore } from '@/lib/store/app-store'
import { offeredFirstOrder, offeredVoucher, type BannerVoucher } from './offer'
import { IconButton } from '@/components/ui/IconButton'
import './voucher-banner.css'

const DISMISSED_KEY = 'loa_voucher_banner_closed'
/** What the dismissed key remembers for the first-order offer (a voucher is remembered by its code). */
const FIRST_ORDER = 'first-order'

const dismissed = (code: string): boolean => {
  try {
    return window.sessionStorage.getItem(DISMISSED_KEY) === code
  } catch {
    return false
  }
}

const noSubscribe = () => () => undefined

/**
 * The voucher banner above the page (spec §6: "the user version when a token exists, otherwise the public one"):
 * `GET /vouchers/banner/user` (bearer) when signed in, `GET /vouchers/banner` otherwise, in the page's language.
 * Whether it shows is the spec's header-check flag (`ui.checkShowHeader`, §3): set when a voucher is offered, cleared
 * when closed (for this browser session).
 *
 * `initial` is the public offer the server rendered with the page (the landing): it holds the banner's place until
 * the browser's own answer comes, so the page below does not move down after hydration (layout shift).
 */
export function VoucherBanner({ initial = null }: { initial?: BannerVoucher | null }) {
  const t = useTranslations('payments')
  const locale = useLocale()
  const api = useApi()
  const { ready, authenticated, getToken } = useAuth()
  const show = useAppStore((s) => s.ui.checkShowHeader)
  const setShow = useAppStore((s) => s.setCheckShowHeader)
  const [voucher, setVoucher] = useState<BannerVoucher | null>(initial)
  const [firstOrder, setFirstOrder] = useState<number | null>(null)
  // Until the browser's answer: the server's offer, unless this visitor closed it in this session.
  const [answered, setAnswered] = useState(false)
  const [closedHere, setClosedHere] = useState(false)
  const initialDismissed = useSyncExternalStore(
    noSubscribe,
    () => Boolean(initial && dismissed(initial.code)),
    () => false,
  )

  useEffect(() => {
    if (!ready) return
    let cancelled = false
    void (async () => {
      const token = authenticated ? await getToken() : undefined
      const answer = await api.getVoucherBanner(token, locale)
      const offered = offeredVoucher(answer)
      const first = offeredFirstOrder(answer)
      if (cancelled) return
      setVoucher(offered)
      setFirstOrder(first)
      const key = first !== null ? FIRST_ORDER : offered?.code
      setShow(Boolean(key && !dismissed(key)))
      setAnswered(true)
    })()
    return () => {
      cancelled = true
    }
  }, [ready, authenticated, getToken, api, setShow, locale])

  useEffect(() => () => setShow(false), [setShow])

  const visible = answered ? show : Boolean(initial) && !initialDismissed && !closedHere
  if (!visible || (!voucher && firstOrder === null)) return null
  const money = new Intl.NumberFormat(locale === 'en' ? 'en-US' : 'vi-VN', {
    style: 'currency',
    currency: 'VND',
  })
  const discount = !voucher
    ? ''
    : voucher.discountPercent !== null
      ? t('voucherBanner.off', { n: voucher.discountPercent })
      : voucher.discountAmount !== null
        ? t('voucherBanner.offAmount', { amount: money.format(voucher.discountAmount) })
        : ''
  return (
    <aside className="voucher-banner" aria-label={t('voucherBanner.region')} data-testid="voucher-banner">
      <p>
        {voucher ? (
          <>
            <strong>{voucher.title}</strong>
            {discount && <span className="voucher-banner-discount">{discount}</span>}
            <span className="voucher-banner-code">{t('voucherBanner.code', { code: voucher.code })}</span>
          </>
        ) : (
          <strong data-testid="first-order-offer">
            {t('voucherBanner.firstOrder', { n: firstOrder ?? 0 })}
          </strong>
        )}
      </p>
      <IconButton
        size="sm"
        className="voucher-banner-close"
        label={t('voucherBanner.close')}
        onClick={() => {
          try {
            window.sessionStorage.setItem(DISMISSED_KEY, voucher?.code ?? FIRST_ORDER)
          } catch {
            // closing still works for this page
          }
          setShow(false)
          setClosedHere(true)
        }}
      >
        ×
      </IconButton>
    </aside>
  )
}

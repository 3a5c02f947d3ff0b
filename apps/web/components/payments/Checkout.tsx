'use client'
import { useEffect, useState } from 'react'
import { unitOfOrderType, type OrderType } from '@loa/contracts/browser'
import { useLocale, useTranslations } from '@/components/i18n/client-i18n'
import type { UsagePackage } from '@/lib/api/types'
import { useCheckoutApi, type OfferedMethod, type PaymentMethod, type Quote } from '@/lib/payments/api'
import { checkoutErrorKey } from './checkout-errors'
import { useCreditFormat } from './useCreditFormat'
import { VoucherChoices } from './VoucherChoices'
import { Button } from '@/components/ui/Button'

/**
 * Checkout of one package: the price with VAT and the one discount (voucher or first-order offer), the plan
 * change and what it does to the current plan, the payment method; paying creates the order.
 */
export function Checkout({
  pkg,
  onOrder,
  onClose,
}: {
  pkg: UsagePackage
  onOrder: (code: string) => void
  onClose: () => void
}) {
  const t = useTranslations('checkout')
  const locale = useLocale()
  const api = useCheckoutApi()
  const [voucherInput, setVoucherInput] = useState('')
  const [voucher, setVoucher] = useState<string | undefined>(undefined)
  const [quote, setQuote] = useState<Quote | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [method, setMethod] = useState<PaymentMethod>('VIETQR')
  const [offered, setOffered] = useState<OfferedMethod[] | null>(null)
  const [busy, setBusy] = useState(false)
  const nf = (n: number) => n.toLocaleString(locale === 'en' ? 'en-US' : 'vi-VN')
  const credits = useCreditFormat()
  const vnd = (n: number) => t('vnd', { amount: nf(n) })

  useEffect(() => {
    let live = true
    api
      .quote(pkg.code, voucher)
      .then((q) => live && (setQuote(q), setError(null)))
      .catch((e: unknown) => {
        if (!live) return
        setError(checkoutErrorKey(e, t))
        if (voucher) setVoucher(undefined)
      })
    return () => {
      live = false
    }
  }, [api, pkg.code, voucher, t])

  // Only the methods the api offers (issue 28: an incomplete set-up is not offered at all).
  useEffect(() => {
    api
      .methods()
      .then((items) => {
        setOffered(items)
        if (items[0] && !items.some((m) => m.method === method)) setMethod(items[0].method)
      })
      .catch(() => setOffered([]))
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [api])

  const pay = async () => {
    setBusy(true)
    try {
      const { order, payment } = await api.create({
        packageCode: pkg.code,
        voucherCode: voucher,
        paymentMethod: method,
        locale,
      })
      if (payment?.payUrl) window.location.assign(payment.payUrl)
      else onOrder(order.code)
    } catch (e) {
      setError(checkoutErrorKey(e, t))
      setBusy(false)
    }
  }

  const change = quote ? (quote.cycle ? quote.planChange : 'topup') : null
  return (
    <section className="checkout card" aria-labelledby="checkout-title" data-testid="checkout">
      <div className="checkout-head">
        <h2 id="checkout-title">{t('checkoutTitle', { name: pkg.name ?? pkg.code })}</h2>
        <Button variant="secondary" onClick={onClose}>
          {t('close')}
        </Button>
      </div>
      {quote ? (
        <>
          <p>
            {credits(quote.credits, unitOfOrderType(quote.type as OrderType))} ·{' '}
            {t(`cycle.${quote.cycle ?? 'none'}`)}
          </p>
          {change && (
            <p className="checkout-change" data-testid="plan-change" data-kind={change}>
              {quote.planChange && <span className="badge">{t(`changeKind.${quote.planChange}`)}</span>}{' '}
              {t(`change.${change}`)}
            </p>
          )}
          <dl className="checkout-price">
            <dt>{t('price')}</dt>
            <dd>{vnd(quote.price)}</dd>
            {quote.discount > 0 && (
              <>
                <dt>
                  {t('discount')} (
                  {quote.discountSource === 'voucher'
                    ? t('discountVoucher', { code: quote.voucherCode ?? '' })
                    : t('discountFirst')}
                  )
                </dt>
                <dd data-testid="discount">−{vnd(quote.discount)}</dd>
              </>
            )}
            <dt>{t('subtotal')}</dt>
            <dd>{vnd(quote.subtotal)}</dd>
            <dt>{t('vat', { percent: quote.vatPercent })}</dt>
            <dd>{vnd(quote.vat)}</dd>
            <dt className="checkout-total">{t('total')}</dt>
            <dd className="checkout-total" data-testid="total">
              {vnd(quote.total)}
            </dd>
          </dl>
        </>
      ) : (
        !error && <p aria-busy="true">…</p>
      )}
      <form
        className="checkout-voucher"
        onSubmit={(e) => {
          e.preventDefault()
          setVoucher(voucherInput.trim() || undefined)
        }}
      >
        <label htmlFor="voucher-code">{t('voucher')}</label>
        <input
          id="voucher-code"
          value={voucherInput}
          placeholder={t('voucherPlaceholder')}
          maxLength={60}
          onChange={(e) => setVoucherInput(e.target.value)}
        />
        <Button type="submit" variant="secondary">
          {t('applyVoucher')}
        </Button>
        {voucher && (
          <Button
            variant="secondary"
            onClick={() => {
              setVoucher(undefined)
              setVoucherInput('')
            }}
          >
            {t('removeVoucher')}
          </Button>
        )}
      </form>
      <VoucherChoices
        packageCode={pkg.code}
        chosen={voucher}
        onPick={(code) => {
          setVoucherInput(code)
          setVoucher(code)
        }}
      />
      {error && (
        <p role="alert" className="checkout-error">
          {error}
        </p>
      )}
      <fieldset className="checkout-methods">
        <legend>{t('method')}</legend>
        {offered?.length === 0 && <p role="alert">{t('noMethods')}</p>}
        {(offered ?? []).map(({ method: m, sandbox }) => (
          <label key={m}>
            <input
              type="radio"
              name="method"
              value={m}
              checked={method === m}
              onChange={() => setMethod(m)}
            />{' '}
            {t(`methodName.${m}`)}
            {sandbox && <span className="badge"> {t('sandboxBadge')}</span>}
          </label>
        ))}
      </fieldset>
      <Button
        variant="primary"
        disabled={!quote || busy || !offered?.some((m) => m.method === method)}
        onClick={() => void pay()}
        data-testid="pay"
      >
        {busy ? t('working') : t('pay', { amount: quote ? nf(quote.total) : '…' })}
      </Button>
    </section>
  )
}

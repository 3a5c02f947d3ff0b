'use client'
import { useEffect, useState } from 'react'
import { unitOfOrderType, type OrderType } from '@loa/contracts/browser'
import { useLocale, useTranslations } from '@/components/i18n/client-i18n'
import { useCheckoutApi, type OrderWithPayment } from '@/lib/payments/api'
import { BankTransfer } from './BankTransfer'
import { checkoutErrorKey } from './checkout-errors'
import { useCreditFormat } from './useCreditFormat'
import { InvoiceForm, Receipt } from './Receipt'
import { Button } from '@/components/ui/Button'

const POLL_MS = 2_000

/**
 * One order: while PENDING, how to pay it (VietQR + account, or the VNPay link) and a poll of its status that
 * turns the page green when the payment arrives; then the receipt and the VAT invoice request.
 */
export function OrderView({
  code,
  packageName,
  vnpay,
  onPaid,
  onClose,
}: {
  code: string
  packageName: (code: string) => string
  vnpay?: string | null
  onPaid: () => void
  onClose: () => void
}) {
  const t = useTranslations('checkout')
  const locale = useLocale()
  const credits = useCreditFormat()
  const api = useCheckoutApi()
  const [order, setOrder] = useState<OrderWithPayment | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [simulating, setSimulating] = useState(false)
  const status = order?.status

  useEffect(() => {
    let live = true
    let timer: ReturnType<typeof setTimeout> | undefined
    const load = () =>
      api
        .order(code)
        .then((o) => {
          if (!live) return
          setOrder(o)
          if (o.status === 'PENDING') timer = setTimeout(load, POLL_MS)
        })
        .catch((e: unknown) => live && setError(checkoutErrorKey(e, t)))
    void load()
    return () => {
      live = false
      clearTimeout(timer)
    }
  }, [api, code, t])

  useEffect(() => {
    if (status === 'PAID') onPaid()
  }, [status, onPaid])

  const simulate = async () => {
    setSimulating(true)
    try {
      await api.simulateTransfer(code)
    } catch (e) {
      setError(checkoutErrorKey(e, t))
    } finally {
      setSimulating(false)
    }
  }

  if (error && !order) return <p role="alert">{error}</p>
  if (!order) return <p aria-busy="true">…</p>
  const nf = (n: number) => n.toLocaleString(locale === 'en' ? 'en-US' : 'vi-VN')
  const payment = order.payment
  return (
    <section className="checkout card" data-testid="order-view" data-status={order.status} aria-live="polite">
      <div className="checkout-head">
        <h2>{t('order', { code: order.code })}</h2>
        <Button variant="secondary" className="no-print" onClick={onClose}>
          {t('backToPackages')}
        </Button>
      </div>
      <p>
        <span className="badge" data-testid="order-status">
          {t(`status.${order.status}`)}
        </span>{' '}
        {packageName(order.packageCode)} · {t('vnd', { amount: nf(order.total) })}
      </p>
      {vnpay === 'failed' && order.status !== 'PAID' && <p role="alert">{t('vnpayFailed')}</p>}
      {vnpay === 'invalid' && <p role="alert">{t('vnpayInvalid')}</p>}
      {vnpay === 'momo-failed' && order.status !== 'PAID' && <p role="alert">{t('momoFailed')}</p>}
      {vnpay === 'momo-invalid' && <p role="alert">{t('momoInvalid')}</p>}
      {payment?.sandbox && (
        <p className="sandbox-banner" data-testid="sandbox-banner">
          {t('sandbox')}
        </p>
      )}
      {order.status === 'PAID' && (
        <p className="paid-banner" data-testid="order-paid">
          {t('paid', { n: credits(order.credits ?? 0, unitOfOrderType(order.type as OrderType)) })}
        </p>
      )}
      {order.status === 'PENDING' && payment && (
        <>
          {order.payBy && (
            <p className="muted">{t('payBy', { time: new Date(order.payBy).toLocaleString(locale) })}</p>
          )}
          {payment.method === 'VIETQR' ? (
            <BankTransfer code={order.code} total={order.total} payment={payment} />
          ) : (
            payment.payUrl && (
              <a className="btn btn-primary" href={payment.payUrl}>
                {t('payVnpay')}
              </a>
            )
          )}
          <p className="muted">{t('waiting')}</p>
          <div className="studio-actions no-print">
            {payment.sandbox && payment.method === 'VIETQR' && (
              <Button
                variant="primary"
                disabled={simulating}
                onClick={() => void simulate()}
                data-testid="simulate-transfer"
              >
                {t('simulate')}
              </Button>
            )}
            <Button
              variant="secondary"
              onClick={() => void api.cancel(order.code).then((o) => setOrder({ ...o, payment: null }))}
            >
              {t('cancel')}
            </Button>
          </div>
        </>
      )}
      {order.status !== 'PENDING' && order.status !== 'PAID' && <p className="muted">{t('closed')}</p>}
      {error && <p role="alert">{error}</p>}
      {order.status === 'PAID' && <Receipt order={order} packageName={packageName(order.packageCode)} />}
      {(order.status === 'PAID' || order.status === 'PENDING') && (
        <InvoiceForm order={order} onSaved={(o) => setOrder({ ...o, payment: order.payment })} />
      )}
    </section>
  )
}

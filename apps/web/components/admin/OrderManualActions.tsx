'use client'
import { useState } from 'react'
import { useTranslations } from '@/components/i18n/client-i18n'
import { useAdminApi, type Order } from './admin-api'
import { useAdminCommand } from './use-admin-command'
import { Button } from '@/components/ui/Button'

/**
 * An unpaid order finished by hand (issue 28): a VietQR order marked paid against the bank transaction the
 * operator found on the statement (reference and amount — the api checks it is the total), or the order cancelled.
 * Both need a reason; both are audited.
 */
export function OrderManualActions({ order, onChanged }: { order: Order; onChanged: () => void }) {
  const t = useTranslations('admin')
  const api = useAdminApi()
  const { busy, run } = useAdminCommand()
  const [reference, setReference] = useState('')
  const [amount, setAmount] = useState(String(order.total))
  const [reason, setReason] = useState('')
  const [cancelReason, setCancelReason] = useState('')
  const code = order.code!

  const markPaid = async (e: React.FormEvent) => {
    e.preventDefault()
    const done = await run(
      () =>
        api.markOrderPaid(code, {
          bankReference: reference.trim(),
          amount: Number(amount),
          reason: reason.trim(),
        }),
      () => t('orders.markedPaid'),
    )
    if (done) onChanged()
  }
  const cancel = async (e: React.FormEvent) => {
    e.preventDefault()
    const done = await run(
      () => api.cancelOrder(code, cancelReason.trim()),
      () => t('orders.cancelled'),
    )
    if (done) onChanged()
  }

  return (
    <>
      {order.paymentMethod === 'VIETQR' && (
        <form className="admin-inline" onSubmit={markPaid} data-testid="order-mark-paid">
          <h3>{t('orders.markPaidTitle')}</h3>
          <label>
            {t('orders.bankReference')}
            <input
              required
              minLength={3}
              maxLength={100}
              value={reference}
              onChange={(e) => setReference(e.target.value)}
            />
          </label>
          <label>
            {t('orders.amount')}
            <input
              required
              type="number"
              min={1}
              step={1}
              inputMode="numeric"
              value={amount}
              onChange={(e) => setAmount(e.target.value)}
            />
          </label>
          <label>
            {t('orders.refundReason')}
            <input
              required
              minLength={3}
              maxLength={500}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
            />
          </label>
          <Button type="submit" variant="primary" disabled={busy}>
            {t('orders.markPaid')}
          </Button>
        </form>
      )}
      <form className="admin-inline" onSubmit={cancel} data-testid="order-cancel">
        <label>
          {t('orders.cancelReason')}
          <input
            required
            minLength={3}
            maxLength={500}
            value={cancelReason}
            onChange={(e) => setCancelReason(e.target.value)}
          />
        </label>
        <Button type="submit" variant="danger" disabled={busy}>
          {t('orders.cancel')}
        </Button>
      </form>
    </>
  )
}

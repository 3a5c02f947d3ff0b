'use client'
import { useState } from 'react'
import { useLocale, useTranslations } from '@/components/i18n/client-i18n'
import { useCheckoutApi, type CheckoutOrder } from '@/lib/payments/api'
import { checkoutErrorKey } from './checkout-errors'
import { Button } from '@/components/ui/Button'

/** A printable receipt of a paid order. */
export function Receipt({ order, packageName }: { order: CheckoutOrder; packageName: string }) {
  const t = useTranslations('checkout')
  const locale = useLocale()
  const nf = (n: number) => t('vnd', { amount: n.toLocaleString(locale === 'en' ? 'en-US' : 'vi-VN') })
  const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString(locale) : '—')
  return (
    <section className="receipt" aria-labelledby="receipt-title" data-testid="receipt">
      <h3 id="receipt-title">
        {t('receipt')} · {order.code}
      </h3>
      <p>{t('seller')}</p>
      <dl className="checkout-price">
        <dt>{packageName}</dt>
        <dd>{nf(order.price)}</dd>
        {order.discount > 0 && (
          <>
            <dt>{t('discount')}</dt>
            <dd>−{nf(order.discount)}</dd>
          </>
        )}
        <dt>{t('vat', { percent: order.vatPercent })}</dt>
        <dd>{nf(order.vat)}</dd>
        <dt className="checkout-total">{t('total')}</dt>
        <dd className="checkout-total">{nf(order.total)}</dd>
        <dt>{t('methodLabel')}</dt>
        <dd>{t(`methodName.${order.paymentMethod ?? 'VIETQR'}`)}</dd>
        <dt>{t('createdAt')}</dt>
        <dd>{when(order.createdAt)}</dd>
        <dt>{t('paidAt')}</dt>
        <dd>{when(order.paidAt)}</dd>
      </dl>
      <Button variant="secondary" className="no-print" onClick={() => window.print()}>
        {t('printReceipt')}
      </Button>
    </section>
  )
}

/** The VAT invoice request (company, tax code, address, e-mail) stored with the order. */
export function InvoiceForm({
  order,
  onSaved,
}: {
  order: CheckoutOrder
  onSaved: (o: CheckoutOrder) => void
}) {
  const t = useTranslations('checkout')
  const api = useCheckoutApi()
  const [form, setForm] = useState({
    companyName: order.invoice?.companyName ?? '',
    taxCode: order.invoice?.taxCode ?? '',
    address: order.invoice?.address ?? '',
    email: order.invoice?.email ?? '',
  })
  const [message, setMessage] = useState<string | null>(null)
  const field = (key: keyof typeof form, label: string, type = 'text', pattern?: string) => (
    <label>
      {label}
      <input
        required
        type={type}
        pattern={pattern}
        value={form[key]}
        maxLength={300}
        onChange={(e) => setForm({ ...form, [key]: e.target.value })}
      />
    </label>
  )
  return (
    <form
      className="invoice-form no-print"
      data-testid="invoice-form"
      onSubmit={(e) => {
        e.preventDefault()
        api
          .invoice(order.code, form)
          .then((saved) => {
            setMessage(t('invoiceSaved'))
            onSaved(saved)
          })
          .catch((error: unknown) => setMessage(checkoutErrorKey(error, t)))
      }}
    >
      <h3>{t('invoiceTitle')}</h3>
      {order.invoice && (
        <p>{t('invoiceRequested', { company: order.invoice.companyName, taxCode: order.invoice.taxCode })}</p>
      )}
      {field('companyName', t('invoiceCompany'))}
      {field('taxCode', t('invoiceTaxCode'), 'text', '\\d{10}(-\\d{3})?')}
      {field('address', t('invoiceAddress'))}
      {field('email', t('invoiceEmail'), 'email')}
      <Button type="submit" variant="secondary">
        {t('invoiceSubmit')}
      </Button>
      {message && <p role="status">{message}</p>}
    </form>
  )
}

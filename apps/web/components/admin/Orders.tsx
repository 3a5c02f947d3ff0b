'use client'
import { useCallback, useEffect, useState } from 'react'
import { useLocale, useTranslations } from '@/components/i18n/client-i18n'
import { toast } from '@/lib/store/toast-store'
import {
  adminErrorKey,
  ORDER_STATUSES,
  PAYMENT_METHODS,
  useAdminApi,
  type Order,
  type OrderDetail,
  type OrderFilter,
  type Page,
} from './admin-api'
import { OrderManualActions } from './OrderManualActions'
import { ROUTES } from '@/lib/routes'
import { Pager } from './Pager'
import { SimpleTable } from './SimpleTable'
import { UnmatchedTransfers } from './UnmatchedTransfers'
import { Button } from '@/components/ui/Button'

const LIMIT = 20

/** One order: its payment events and audit trail (oldest first); an unpaid one finished by hand, a paid one refunded. */
function OrderPanel({ detail, onChanged }: { detail: OrderDetail; onChanged: () => void }) {
  const t = useTranslations('admin')
  const locale = useLocale()
  const api = useAdminApi()
  const [reason, setReason] = useState('')
  const o = detail.order
  const refund = async (e: React.FormEvent) => {
    e.preventDefault()
    try {
      const r = await api.refund(o.code!, reason.trim())
      toast.success(t('orders.refunded', { credits: r.creditsRevoked }))
      setReason('')
      onChanged()
    } catch (error) {
      toast.error(t(adminErrorKey(error)))
    }
  }
  const timeline = [
    ...detail.events.map((e) => ({
      at: e.createdAt,
      text: `${e.provider} ${e.providerTxnId}: ${e.outcome} (${e.amount.toLocaleString(locale)} VND)`,
    })),
    ...detail.audit.map((a) => ({
      at: a.createdAt,
      text: `${a.action} · ${a.actorEmail}${a.reason ? ` · ${a.reason}` : ''}`,
    })),
  ].sort((a, b) => a.at.localeCompare(b.at))
  return (
    <section className="admin-section" aria-labelledby="order-detail" data-testid="order-detail">
      <h2 id="order-detail">{t('orders.detail', { code: o.code ?? o.id })}</h2>
      <h3>{t('orders.timeline')}</h3>
      <ol className="admin-history">
        <li>
          <time dateTime={o.createdAt}>{new Date(o.createdAt).toLocaleString(locale)}</time> ·{' '}
          {t('orders.created')}
        </li>
        {timeline.map((item, i) => (
          <li key={i}>
            <time dateTime={item.at}>{new Date(item.at).toLocaleString(locale)}</time> · {item.text}
          </li>
        ))}
      </ol>
      {o.status === 'PENDING' && o.code && <OrderManualActions order={o} onChanged={onChanged} />}
      {o.status === 'PAID' && (
        <form className="admin-inline" onSubmit={refund}>
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
          <Button type="submit" variant="danger">
            {t('orders.refund')}
          </Button>
        </form>
      )}
    </section>
  )
}

/** Orders filtered by status, method, dates and code/memo; CSV export; an order's timeline and refund. */
export function AdminOrders() {
  const t = useTranslations('admin')
  const locale = useLocale()
  const prefix = locale === 'en' ? '/en' : ''
  const api = useAdminApi()
  const [form, setForm] = useState<OrderFilter>({})
  const [filter, setFilter] = useState<OrderFilter>({})
  const [offset, setOffset] = useState(0)
  const [page, setPage] = useState<Page<Order> | null>(null)
  const [detail, setDetail] = useState<OrderDetail | null>(null)
  const fail = useCallback((error: unknown) => toast.error(t(adminErrorKey(error))), [t])
  const load = useCallback(() => {
    api.orders(filter, offset, LIMIT).then(setPage).catch(fail)
  }, [api, filter, offset, fail])
  useEffect(load, [load])
  const open = (code: string) => api.order(code).then(setDetail).catch(fail)
  const set = (key: keyof OrderFilter) => (e: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) =>
    setForm((f) => ({ ...f, [key]: e.target.value || undefined }))
  const money = (n: number) => n.toLocaleString(locale === 'en' ? 'en-US' : 'vi-VN')

  return (
    <>
      <h1 id="shell-title">{t('orders.title')}</h1>
      <form
        className="admin-inline"
        onSubmit={(e) => {
          e.preventDefault()
          setOffset(0)
          setFilter(form)
        }}
      >
        <label>
          {t('users.status')}
          <select value={form.status ?? ''} onChange={set('status')}>
            <option value="">{t('support.all')}</option>
            {ORDER_STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`orderStatus.${s}`)}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('orders.method')}
          <select value={form.method ?? ''} onChange={set('method')}>
            <option value="">{t('support.all')}</option>
            {PAYMENT_METHODS.map((m) => (
              <option key={m} value={m}>
                {m}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('orders.from')}
          <input type="date" value={form.from ?? ''} onChange={set('from')} />
        </label>
        <label>
          {t('orders.to')}
          <input type="date" value={form.to ?? ''} onChange={set('to')} />
        </label>
        <label>
          {t('orders.search')}
          <input value={form.q ?? ''} onChange={set('q')} />
        </label>
        <Button type="submit" variant="primary">
          {t('audit.filter')}
        </Button>
        <Button variant="quiet" onClick={() => void api.exportOrders(filter).catch(fail)}>
          {t('orders.export')}
        </Button>
      </form>
      <SimpleTable
        title={t('orders.list')}
        testId="admin-orders"
        rows={page?.items ?? []}
        rowKey={(o) => o.id}
        empty={page ? t('empty') : t('loading')}
        columns={[
          {
            label: t('orders.code'),
            cell: (o) =>
              o.code ? (
                <Button variant="quiet" onClick={() => void open(o.code!)}>
                  {o.code}
                </Button>
              ) : (
                o.id
              ),
          },
          { label: t('audit.when'), cell: (o) => new Date(o.createdAt).toLocaleString(locale) },
          { label: t('users.package'), cell: (o) => o.packageCode },
          { label: t('users.status'), cell: (o) => t(`orderStatus.${o.status}`) },
          { label: t('orders.method'), cell: (o) => o.paymentMethod ?? '—' },
          { label: t('users.total'), cell: (o) => money(o.total), numeric: true },
          {
            label: t('orders.user'),
            cell: (o) => (
              <a
                href={`${prefix}${ROUTES.admin}/users/${encodeURIComponent(o.userId)}`}
                className="admin-buyer"
              >
                <span>{o.userName ?? o.userEmail ?? o.userId}</span>
                {o.userName && o.userEmail && <small>{o.userEmail}</small>}
              </a>
            ),
          },
        ]}
        footer={page && <Pager offset={offset} limit={LIMIT} total={page.total} onChange={setOffset} />}
      />
      {detail && (
        <OrderPanel
          detail={detail}
          onChanged={() => {
            load()
            void open(detail.order.code!)
          }}
        />
      )}
      <UnmatchedTransfers onMatched={load} />
    </>
  )
}

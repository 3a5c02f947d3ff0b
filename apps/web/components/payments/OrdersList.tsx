'use client'
import { useEffect, useState } from 'react'
import { ORDER_TYPES } from '@loa/contracts/browser'
import { useLocale, useTranslations } from '@/components/i18n/client-i18n'
import { useApi } from '@/components/shell/config-context'
import { pickList } from '@/lib/api/endpoints'
import type { CheckoutOrder, OrderStatus } from '@/lib/payments/api'
import { useStudioApi } from '@/lib/studio/api'
import { Button } from '@/components/ui/Button'

const STATUSES: readonly OrderStatus[] = ['PENDING', 'PAID', 'CANCELLED', 'EXPIRED', 'FAILED', 'REFUNDED']
/** The spec's `usagePackage`: the orders of the package in use (`true`), of the others (`false`), or all (''). */
const USAGE = ['', 'true', 'false']

/** One labelled filter; '' is "all" (no value sent). */
function FilterSelect(props: {
  label: string
  value: string
  onChange: (value: string) => void
  testId: string
  options: string[][]
}) {
  return (
    <label className="studio-title-field">
      <span>{props.label}</span>
      <select value={props.value} onChange={(e) => props.onChange(e.target.value)} data-testid={props.testId}>
        {props.options.map(([value, text]) => (
          <option key={value} value={value}>
            {text}
          </option>
        ))}
      </select>
    </label>
  )
}

interface Props {
  /** Changes when an order was created or paid: the list is read again. */
  reload: number
  packageName: (code: string) => string
  onView: (code: string) => void
}

/**
 * The customer's orders through the spec's call (`GET /orders` with `usagePackage`, `type`, `status`), filtered by
 * status, product and package in use; an empty filter sends no value (all). The call answers `status: 0` on error.
 */
export function OrdersList({ reload, packageName, onView }: Props) {
  const t = useTranslations('payments')
  const tc = useTranslations('checkout')
  const locale = useLocale()
  const api = useApi()
  const studio = useStudioApi()
  const [status, setStatus] = useState('')
  const [type, setType] = useState('')
  const [usage, setUsage] = useState('')
  const [orders, setOrders] = useState<CheckoutOrder[] | null>(null)
  const [failed, setFailed] = useState(false)

  useEffect(() => {
    let cancelled = false
    setOrders(null)
    void (async () => {
      const token = await studio.getToken().catch(() => undefined)
      const answer = token
        ? await api.getOrders(token, {
            usagePackage: usage || undefined,
            type: type || undefined,
            status: status || undefined,
          })
        : { status: 0 }
      if (cancelled) return
      setFailed(answer.status === 0)
      setOrders(answer.status === 0 ? [] : pickList<CheckoutOrder>(answer.result, 'items'))
    })()
    return () => {
      cancelled = true
    }
  }, [api, studio, status, type, usage, reload])

  const nf = (n: number) => n.toLocaleString(locale === 'en' ? 'en-US' : 'vi-VN')

  return (
    <section aria-labelledby="orders-title" className="no-print">
      <h2 id="orders-title">{tc('ordersTitle')}</h2>
      <div role="group" aria-label={tc('ordersFilter')} className="studio-actions">
        <FilterSelect
          label={t('orderStatus')}
          value={status}
          onChange={setStatus}
          testId="orders-status"
          options={['', ...STATUSES].map((s) => [s, s ? tc(`status.${s}`) : tc('ordersAll')])}
        />
        <FilterSelect
          label={tc('ordersProduct')}
          value={type}
          onChange={setType}
          testId="orders-type"
          options={['', ...ORDER_TYPES].map((x) => [x, x ? tc(`type.${x}`) : tc('ordersAll')])}
        />
        <FilterSelect
          label={tc('ordersUsage')}
          value={usage}
          onChange={setUsage}
          testId="orders-usage"
          options={USAGE.map((u) => [u, tc(`ordersUsageOption.${u || 'all'}`)])}
        />
      </div>
      {orders === null ? (
        <p aria-busy="true">…</p>
      ) : failed ? (
        <p className="muted" role="alert">
          {tc('ordersFailed')}
        </p>
      ) : orders.length === 0 ? (
        <p className="muted" data-testid="orders-empty">
          {t('noOrders')}
        </p>
      ) : (
        <div className="studio-table-wrap">
          <table className="studio-table">
            <thead>
              <tr>
                <th scope="col">{t('orderPackage')}</th>
                <th scope="col">{t('orderAmount')}</th>
                <th scope="col">{t('orderStatus')}</th>
                <th scope="col">{t('orderDate')}</th>
                <th scope="col">
                  <span className="sr-only">{tc('view')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {orders.map((o) => (
                <tr key={o.id} data-testid="order-row" data-status={o.status}>
                  <td>
                    {packageName(o.packageCode)}
                    {o.code && <div className="muted">{o.code}</div>}
                  </td>
                  <td>{t('price', { price: nf(o.total) })}</td>
                  <td>{tc(`status.${o.status}`)}</td>
                  <td>{new Date(o.paidAt ?? o.createdAt).toLocaleDateString(locale)}</td>
                  <td>
                    {o.code && (
                      <Button variant="secondary" size="sm" onClick={() => onView(o.code)}>
                        {tc('view')}
                      </Button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  )
}

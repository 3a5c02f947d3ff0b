'use client'
import { useEffect, useMemo, useState } from 'react'
import { BILLING_CYCLES } from '@loa/contracts'
import { useLocale, useTranslations } from '@/components/i18n/client-i18n'
import { toast } from '@/lib/store/toast-store'
import type { UsagePackage } from '@/lib/api/types'
import { useStudioApi, type Order, type Profile, type Voucher } from '@/lib/studio/api'
import { studioErrorKey } from '@/lib/studio/errors'
import { planChange } from '@/lib/studio/plans'
import '@/components/studio/studio.css'

/** Payments: packages by family and billing cycle (current one marked, change kind), vouchers, order history. */
export function PaymentsPage() {
  const t = useTranslations('payments')
  const tAll = useTranslations()
  const locale = useLocale()
  const api = useStudioApi()
  const [packages, setPackages] = useState<UsagePackage[] | null>(null)
  const [me, setMe] = useState<Profile | null>(null)
  const [orders, setOrders] = useState<Order[] | null>(null)
  const [vouchers, setVouchers] = useState<Voucher[] | null>(null)
  const [cycle, setCycle] = useState<string>('monthly')
  const [type, setType] = useState<string>('STUDIO')
  const nf = (n: number) => n.toLocaleString(locale === 'en' ? 'en-US' : 'vi-VN')

  useEffect(() => {
    const fail = (error: unknown) => toast.error(tAll(studioErrorKey(error)))
    api
      .packages()
      .then(setPackages)
      .catch((e: unknown) => {
        setPackages([])
        fail(e)
      })
    api.me().then(setMe).catch(fail)
    api
      .orders()
      .then(setOrders)
      .catch(() => setOrders([]))
    api
      .vouchers()
      .then(setVouchers)
      .catch(() => setVouchers([]))
  }, [api, tAll])

  const all = useMemo(() => packages ?? [], [packages])
  const current = all.find((p) => p.code === me?.packageCode) ?? null
  const types = [...new Set(all.map((p) => p.type).filter((x): x is string => !!x))]
  const shown = all.filter((p) => (p.type ?? 'STUDIO') === type && (p.cycle ?? 'monthly') === cycle)
  const families = [...new Set(shown.map((p) => p.family ?? ''))]

  return (
    <div className="payments">
      <section aria-labelledby="packages-title">
        <h2 id="packages-title">{t('packages')}</h2>
        <div className="studio-actions">
          {types.length > 1 && (
            <div role="group" aria-label={t('type')} className="studio-actions" style={{ marginTop: 0 }}>
              {types.map((x) => (
                <button
                  key={x}
                  type="button"
                  className={x === type ? 'btn btn-primary' : 'btn btn-outline'}
                  aria-pressed={x === type}
                  onClick={() => setType(x)}
                >
                  {x}
                </button>
              ))}
            </div>
          )}
          <div role="group" aria-label={t('cycle')} className="studio-actions" style={{ marginTop: 0 }}>
            {BILLING_CYCLES.map((c) => (
              <button
                key={c}
                type="button"
                className={c === cycle ? 'btn btn-primary' : 'btn btn-outline'}
                aria-pressed={c === cycle}
                onClick={() => setCycle(c)}
              >
                {t(`cycles.${c}`)}
              </button>
            ))}
          </div>
        </div>
        {packages === null ? (
          <p aria-busy="true">…</p>
        ) : shown.length === 0 ? (
          <p className="muted">{t('noPackages')}</p>
        ) : (
          families.map((family) => (
            <div key={family}>
              <h3>{family}</h3>
              <ul className="cards" style={{ listStyle: 'none', padding: 0 }}>
                {shown
                  .filter((p) => (p.family ?? '') === family)
                  .map((p) => {
                    const isCurrent = p.code === me?.packageCode
                    const change = planChange(current ? { ...current, cycle: current.cycle ?? null } : null, {
                      ...p,
                      cycle: p.cycle ?? null,
                    })
                    return (
                      <li key={p.code} className="card" data-current={isCurrent} data-testid="package">
                        <strong>{p.name ?? p.code}</strong>
                        <span className="stat">
                          {p.price > 0 ? t('price', { price: nf(p.price) }) : t('free')}
                        </span>
                        {p.credits !== undefined && <span>{t('credits', { n: nf(p.credits) })}</span>}
                        {p.description && <span className="muted">{p.description}</span>}
                        <span className="badge" data-kind={isCurrent ? 'current' : change}>
                          {isCurrent ? t('current') : t(change)}
                        </span>
                      </li>
                    )
                  })}
              </ul>
            </div>
          ))
        )}
        <p className="muted">{t('paymentLater')}</p>
      </section>

      <section aria-labelledby="vouchers-title">
        <h2 id="vouchers-title">{t('vouchers')}</h2>
        {vouchers === null ? (
          <p aria-busy="true">…</p>
        ) : vouchers.length === 0 ? (
          <p className="muted">{t('noVouchers')}</p>
        ) : (
          <ul>
            {vouchers.map((v) => (
              <li key={v.code}>
                <code>{v.code}</code> — {v.title}
                {v.discountPercent
                  ? ` (−${v.discountPercent}%)`
                  : v.discountAmount
                    ? ` (−${nf(v.discountAmount)} đ)`
                    : ''}
                {v.endsAt
                  ? ` · ${t('voucherUntil', { date: new Date(v.endsAt).toLocaleDateString(locale) })}`
                  : ''}
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="orders-title">
        <h2 id="orders-title">{t('orders')}</h2>
        {orders === null ? (
          <p aria-busy="true">…</p>
        ) : orders.length === 0 ? (
          <p className="muted">{t('noOrders')}</p>
        ) : (
          <div className="studio-table-wrap">
            <table className="studio-table">
              <thead>
                <tr>
                  <th scope="col">{t('orderPackage')}</th>
                  <th scope="col">{t('orderAmount')}</th>
                  <th scope="col">{t('orderStatus')}</th>
                  <th scope="col">{t('orderDate')}</th>
                </tr>
              </thead>
              <tbody>
                {orders.map((o) => (
                  <tr key={o.id}>
                    <td>{all.find((p) => p.code === o.packageCode)?.name ?? o.packageCode}</td>
                    <td>{t('price', { price: nf(o.total) })}</td>
                    <td>{o.status}</td>
                    <td>{new Date(o.paidAt ?? o.createdAt).toLocaleDateString(locale)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </div>
  )
}

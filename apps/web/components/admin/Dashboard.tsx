'use client'
import { useEffect, useState } from 'react'
import { useLocale, useTranslations } from '@/components/i18n/client-i18n'
import { toast } from '@/lib/store/toast-store'
import { adminErrorKey, useAdminApi, type Dashboard } from './admin-api'
import { DayChart } from './DayChart'

const RANGES = [7, 30, 90] as const

/**
 * Business per day: sign-ups, characters per product, paid orders and revenue, demo plays (7/30/90 days); above
 * them, any payment method not offered because its settings are incomplete.
 */
export function AdminDashboard() {
  const t = useTranslations('admin')
  const locale = useLocale()
  const api = useAdminApi()
  const [days, setDays] = useState<(typeof RANGES)[number]>(30)
  const [data, setData] = useState<Dashboard | null>(null)
  const number = (n: number) => n.toLocaleString(locale === 'en' ? 'en-US' : 'vi-VN')

  useEffect(() => {
    let live = true
    api
      .dashboard(days)
      .then((d) => live && setData(d))
      .catch((error: unknown) => toast.error(t(adminErrorKey(error))))
    return () => {
      live = false
    }
  }, [api, days, t])

  const charts = data
    ? [
        { id: 'signups', title: t('dashboard.signups'), days: data.signups, metric: 'signups' },
        {
          id: 'chars-studio',
          title: `${t('dashboard.characters')} · ${t('products.aivoice')}`,
          days: data.characters,
          metric: 'aivoice',
        },
        {
          id: 'chars-api',
          title: `${t('dashboard.characters')} · ${t('products.aivoiceapi')}`,
          days: data.characters,
          metric: 'aivoiceapi',
        },
        { id: 'orders', title: t('dashboard.paidOrders'), days: data.orders, metric: 'paidOrders' },
        { id: 'revenue', title: t('dashboard.revenue'), days: data.orders, metric: 'revenue' },
        { id: 'demo', title: t('dashboard.demo'), days: data.demo, metric: 'plays' },
      ]
    : []

  return (
    <>
      <h1 id="shell-title">{t('dashboard.title')}</h1>
      <fieldset className="admin-segmented">
        <legend>{t('dashboard.range')}</legend>
        {RANGES.map((r) => (
          <label key={r}>
            <input type="radio" name="range" checked={days === r} onChange={() => setDays(r)} />
            {t('dashboard.days', { days: r })}
          </label>
        ))}
      </fieldset>
      {!data && <p aria-busy="true">{t('loading')}</p>}
      {data?.paymentWarnings?.map((line) => (
        <div key={line} role="alert" className="admin-warning" data-testid="payment-config-warning">
          <strong>{t('dashboard.paymentWarnings')}</strong> <code>{line}</code>
        </div>
      ))}
      <div className="admin-charts">
        {data &&
          charts.map((c) => (
            <DayChart
              key={c.id}
              id={`chart-${c.id}`}
              title={c.title}
              days={c.days}
              metric={c.metric}
              format={number}
              dateLabel={t('dashboard.date')}
              describe={(v) =>
                t('dashboard.chartDescription', { title: c.title, from: data.from, to: data.to, ...v })
              }
            />
          ))}
      </div>
    </>
  )
}

'use client'
import { useCallback, useEffect, useState } from 'react'
import { useLocale, useTranslations } from '@/components/i18n/client-i18n'
import { toast } from '@/lib/store/toast-store'
import { adminErrorKey, useAdminApi, type Page, type PaymentEvent } from './admin-api'
import { SimpleTable } from './SimpleTable'
import { Button } from '@/components/ui/Button'

const OUTCOMES = ['UNMATCHED', 'AMOUNT_MISMATCH', 'REFUND_DUE'] as const

/** Money that arrived without a usable order: match it to an order by hand, or close it once paid back. */
export function UnmatchedTransfers({ onMatched }: { onMatched: () => void }) {
  const t = useTranslations('admin')
  const locale = useLocale()
  const api = useAdminApi()
  const [outcome, setOutcome] = useState<(typeof OUTCOMES)[number]>('UNMATCHED')
  const [events, setEvents] = useState<Page<PaymentEvent> | null>(null)
  const [codes, setCodes] = useState<Record<string, string>>({})
  const [reasons, setReasons] = useState<Record<string, string>>({})
  const fail = useCallback((error: unknown) => toast.error(t(adminErrorKey(error))), [t])
  const load = useCallback(() => {
    api.paymentEvents(outcome, 0, 50).then(setEvents).catch(fail)
  }, [api, outcome, fail])
  useEffect(load, [load])
  const act = async (work: Promise<unknown>, done: string) => {
    try {
      await work
      toast.success(done)
      load()
      onMatched()
    } catch (error) {
      fail(error)
    }
  }

  return (
    <section className="admin-section" aria-labelledby="unmatched-title">
      <h2 id="unmatched-title">{t('orders.transfers')}</h2>
      <label className="admin-inline">
        {t('orders.outcome')}
        <select value={outcome} onChange={(e) => setOutcome(e.target.value as (typeof OUTCOMES)[number])}>
          {OUTCOMES.map((o) => (
            <option key={o} value={o}>
              {o}
            </option>
          ))}
        </select>
      </label>
      <SimpleTable
        title={t('orders.transfersList')}
        testId="admin-transfers"
        rows={events?.items ?? []}
        rowKey={(e) => e.id}
        empty={events ? t('empty') : t('loading')}
        columns={[
          { label: t('audit.when'), cell: (e) => new Date(e.createdAt).toLocaleString(locale) },
          { label: t('orders.provider'), cell: (e) => `${e.provider} ${e.providerTxnId}` },
          { label: t('users.total'), cell: (e) => e.amount.toLocaleString(locale), numeric: true },
          {
            label: t('orders.action'),
            cell: (e) => (
              <form className="admin-inline" onSubmit={(ev) => ev.preventDefault()}>
                {outcome !== 'REFUND_DUE' && (
                  <input
                    aria-label={t('orders.matchCode')}
                    placeholder={t('orders.matchCode')}
                    value={codes[e.id] ?? ''}
                    onChange={(ev) => setCodes((c) => ({ ...c, [e.id]: ev.target.value }))}
                  />
                )}
                <input
                  aria-label={t('orders.refundReason')}
                  placeholder={t('orders.refundReason')}
                  value={reasons[e.id] ?? ''}
                  onChange={(ev) => setReasons((r) => ({ ...r, [e.id]: ev.target.value }))}
                />
                {outcome !== 'REFUND_DUE' && (
                  <Button
                    variant="primary"
                    onClick={() =>
                      void act(
                        api.matchTransfer(e.id, (codes[e.id] ?? '').trim(), (reasons[e.id] ?? '').trim()),
                        t('orders.matched'),
                      )
                    }
                  >
                    {t('orders.match')}
                  </Button>
                )}
                <Button
                  variant="quiet"
                  onClick={() => void act(api.resolveEvent(e.id, (reasons[e.id] ?? '').trim()), t('saved'))}
                >
                  {t('orders.resolve')}
                </Button>
              </form>
            ),
          },
        ]}
      />
    </section>
  )
}

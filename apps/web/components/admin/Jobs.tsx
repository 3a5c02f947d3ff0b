'use client'
import { useCallback, useEffect, useState } from 'react'
import { useLocale, useTranslations } from '@/components/i18n/client-i18n'
import { toast } from '@/lib/store/toast-store'
import { adminErrorKey, useAdminApi, type Page, type QueueJob } from './admin-api'
import { Pager } from './Pager'
import { SimpleTable } from './SimpleTable'
import { Button } from '@/components/ui/Button'

const LIMIT = 20

/** Failed and stuck jobs of the queue (in-process or BullMQ), with retry and cancel. */
export function AdminJobs() {
  const t = useTranslations('admin')
  const locale = useLocale()
  const api = useAdminApi()
  const [kind, setKind] = useState<'failed' | 'stuck'>('failed')
  const [offset, setOffset] = useState(0)
  const [page, setPage] = useState<(Page<QueueJob> & { adapter: string }) | null>(null)
  const [reason, setReason] = useState('')
  const fail = useCallback((error: unknown) => toast.error(t(adminErrorKey(error))), [t])
  const load = useCallback(() => {
    api.jobs(kind, offset, LIMIT).then(setPage).catch(fail)
  }, [api, kind, offset, fail])
  useEffect(load, [load])
  const act = async (job: QueueJob, action: 'retry' | 'cancel') => {
    if (reason.trim().length < 3) {
      toast.error(t('errors.VALIDATION_FAILED'))
      return
    }
    try {
      await api.jobAction(job.id, action, reason.trim())
      toast.success(t('saved'))
      load()
    } catch (error) {
      fail(error)
    }
  }

  return (
    <>
      <h1 id="shell-title">{t('jobs.title')}</h1>
      <div className="admin-inline">
        <label>
          {t('jobs.kind')}
          <select
            value={kind}
            onChange={(e) => {
              setOffset(0)
              setKind(e.target.value as 'failed' | 'stuck')
            }}
          >
            <option value="failed">{t('jobs.failed')}</option>
            <option value="stuck">{t('jobs.stuck')}</option>
          </select>
        </label>
        <label>
          {t('jobs.reason')}
          <input value={reason} onChange={(e) => setReason(e.target.value)} maxLength={500} />
        </label>
        {page && <span className="muted">{t('jobs.adapter', { adapter: page.adapter })}</span>}
      </div>
      <SimpleTable
        title={kind === 'failed' ? t('jobs.failed') : t('jobs.stuck')}
        testId="admin-jobs"
        rows={page?.items ?? []}
        rowKey={(j) => j.id}
        empty={page ? t('empty') : t('loading')}
        columns={[
          { label: t('jobs.name'), cell: (j) => j.name },
          { label: t('users.id'), cell: (j) => <code>{j.id}</code> },
          { label: t('users.status'), cell: (j) => j.state },
          { label: t('jobs.attempts'), cell: (j) => `${j.attempts}/${j.maxAttempts}`, numeric: true },
          { label: t('jobs.error'), cell: (j) => <span className="admin-json">{j.error ?? '—'}</span> },
          {
            label: t('audit.when'),
            cell: (j) => (j.createdAt ? new Date(j.createdAt).toLocaleString(locale) : '—'),
          },
          {
            label: t('orders.action'),
            cell: (j) => (
              <span className="admin-inline">
                {j.state === 'failed' && (
                  <Button variant="primary" onClick={() => void act(j, 'retry')}>
                    {t('jobs.retry')}
                  </Button>
                )}
                {j.state !== 'failed' && (
                  <Button variant="quiet" onClick={() => void act(j, 'cancel')}>
                    {t('jobs.cancel')}
                  </Button>
                )}
              </span>
            ),
          },
        ]}
        footer={page && <Pager offset={offset} limit={LIMIT} total={page.total} onChange={setOffset} />}
      />
    </>
  )
}

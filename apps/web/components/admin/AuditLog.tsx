'use client'
import { useCallback, useEffect, useState } from 'react'
import { useLocale, useTranslations } from '@/components/i18n/client-i18n'
import { toast } from '@/lib/store/toast-store'
import { adminErrorKey, useAdminApi, type AuditRow, type Page } from './admin-api'
import { Pager } from './Pager'
import { SimpleTable } from './SimpleTable'
import { Button } from '@/components/ui/Button'

const LIMIT = 50
const json = (v: unknown) => (v == null ? '—' : JSON.stringify(v))

/** The audit log, newest first, filterable by action and target; read-only (the database refuses edits). */
export function AdminAuditLog() {
  const t = useTranslations('admin')
  const locale = useLocale()
  const api = useAdminApi()
  const [action, setAction] = useState('')
  const [target, setTarget] = useState('')
  const [filter, setFilter] = useState({ action: '', targetId: '' })
  const [offset, setOffset] = useState(0)
  const [page, setPage] = useState<Page<AuditRow> | null>(null)
  const load = useCallback(() => {
    api
      .audit({
        offset,
        limit: LIMIT,
        action: filter.action || undefined,
        targetId: filter.targetId || undefined,
      })
      .then(setPage)
      .catch((error: unknown) => toast.error(t(adminErrorKey(error))))
  }, [api, offset, filter, t])
  useEffect(load, [load])

  return (
    <>
      <h1 id="shell-title">{t('audit.title')}</h1>
      <form
        className="admin-inline"
        onSubmit={(e) => {
          e.preventDefault()
          setOffset(0)
          setFilter({ action: action.trim(), targetId: target.trim() })
        }}
      >
        <label>
          {t('audit.filterAction')}
          <input
            value={action}
            onChange={(e) => setAction(e.target.value)}
            placeholder="user.credits.adjust"
          />
        </label>
        <label>
          {t('audit.filterTarget')}
          <input value={target} onChange={(e) => setTarget(e.target.value)} />
        </label>
        <Button type="submit" variant="primary">
          {t('audit.filter')}
        </Button>
      </form>
      <SimpleTable
        title={t('audit.title')}
        testId="admin-audit"
        rows={page?.items ?? []}
        rowKey={(r) => String(r.id)}
        empty={page ? t('empty') : t('loading')}
        columns={[
          { label: t('audit.when'), cell: (r) => new Date(r.createdAt).toLocaleString(locale) },
          { label: t('audit.who'), cell: (r) => r.actorEmail ?? r.actorId },
          { label: t('audit.what'), cell: (r) => r.action },
          { label: t('audit.target'), cell: (r) => `${r.targetType} ${r.targetId}` },
          { label: t('audit.before'), cell: (r) => <code className="admin-json">{json(r.before)}</code> },
          { label: t('audit.after'), cell: (r) => <code className="admin-json">{json(r.after)}</code> },
          { label: t('audit.reason'), cell: (r) => r.reason ?? '—' },
        ]}
        footer={page && <Pager offset={offset} limit={LIMIT} total={page.total} onChange={setOffset} />}
      />
    </>
  )
}

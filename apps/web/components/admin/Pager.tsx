'use client'
import { useTranslations } from '@/components/i18n/client-i18n'

/** Previous / next over an offset-paged list, with "from–to of total". */
export function Pager({
  offset,
  limit,
  total,
  onChange,
}: {
  offset: number
  limit: number
  total: number
  onChange: (offset: number) => void
}) {
  const t = useTranslations('admin')
  if (total <= limit && offset === 0) return null
  return (
    <div className="admin-pager">
      <button
        type="button"
        className="btn btn-ghost"
        disabled={offset === 0}
        onClick={() => onChange(Math.max(0, offset - limit))}
      >
        {t('previous')}
      </button>
      <span className="muted">
        {t('range', { from: Math.min(total, offset + 1), to: Math.min(total, offset + limit), total })}
      </span>
      <button
        type="button"
        className="btn btn-ghost"
        disabled={offset + limit >= total}
        onClick={() => onChange(offset + limit)}
      >
        {t('next')}
      </button>
    </div>
  )
}

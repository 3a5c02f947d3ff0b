'use client'
import { useTranslations } from '@/components/i18n/client-i18n'
import { Button } from '@/components/ui/Button'

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
      <Button variant="quiet" disabled={offset === 0} onClick={() => onChange(Math.max(0, offset - limit))}>
        {t('previous')}
      </Button>
      <span className="muted">
        {t('range', { from: Math.min(total, offset + 1), to: Math.min(total, offset + limit), total })}
      </span>
      <Button variant="quiet" disabled={offset + limit >= total} onClick={() => onChange(offset + limit)}>
        {t('next')}
      </Button>
    </div>
  )
}

'use client'
import { useTranslations } from '@/components/i18n/client-i18n'

/**
 * Previous / next under a paged list (shown only when there is more than one page), with "page n of m"; the words
 * are the `previous`, `next` and `page` keys of the list's own catalogue namespace.
 */
export function Pager({
  page,
  total,
  size,
  onPage,
  namespace,
}: {
  page: number
  total: number
  size: number
  onPage: (page: number) => void
  namespace: 'studio.history' | 'studio.projects'
}) {
  const t = useTranslations(namespace)
  if (total <= size) return null
  const pages = Math.ceil(total / size)
  return (
    <div className="studio-row">
      <button type="button" className="btn btn-ghost" disabled={page === 0} onClick={() => onPage(page - 1)}>
        {t('previous')}
      </button>
      <span className="muted">{t('page', { n: page + 1, total: pages })}</span>
      <button
        type="button"
        className="btn btn-ghost"
        disabled={page + 1 >= pages}
        onClick={() => onPage(page + 1)}
      >
        {t('next')}
      </button>
    </div>
  )
}

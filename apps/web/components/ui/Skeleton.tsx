'use client'
import type { CSSProperties } from 'react'
import { useTranslations } from '../i18n/client-i18n'

/**
 * Placeholder shapes while content loads. The shapes are hidden from screen readers; one status message ("Loading…")
 * stands for the whole block, so a reader hears it once, not once per line.
 */
export function Skeleton({
  lines = 3,
  height,
  width,
  className,
}: {
  lines?: number
  height?: CSSProperties['height']
  width?: CSSProperties['width']
  className?: string
}) {
  const t = useTranslations('ui')
  return (
    <div className={['ui-skeleton-block', className].filter(Boolean).join(' ')} role="status">
      <span className="sr-only">{t('loading')}</span>
      {Array.from({ length: lines }, (_, i) => (
        <span
          key={i}
          className="ui-skeleton"
          aria-hidden="true"
          // the last line of a paragraph is shorter, as text is
          style={{ height, width: width ?? (i === lines - 1 && lines > 1 ? '60%' : '100%') }}
        />
      ))}
    </div>
  )
}

import type { ReactNode } from 'react'

export type BadgeTone = 'neutral' | 'brand' | 'info' | 'success' | 'warning' | 'danger'

/** A short status word (Paid, Pending, Failed, Neural…). Colour is never the only signal: the word is the badge. */
export function Badge({
  tone = 'neutral',
  children,
  className,
}: {
  tone?: BadgeTone
  children: ReactNode
  className?: string
}) {
  return (
    <span className={['ui-badge', `ui-badge-${tone}`, className].filter(Boolean).join(' ')} data-tone={tone}>
      {children}
    </span>
  )
}

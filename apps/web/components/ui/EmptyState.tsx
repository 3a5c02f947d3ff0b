import type { ReactNode } from 'react'

/** What a list or page says when it has nothing yet: what it will hold, and the one action that fills it. */
export function EmptyState({
  title,
  children,
  action,
  className,
}: {
  title: ReactNode
  children?: ReactNode
  action?: ReactNode
  className?: string
}) {
  return (
    <div className={['ui-empty', className].filter(Boolean).join(' ')}>
      <p className="ui-empty-title">{title}</p>
      {children && <div className="ui-empty-body">{children}</div>}
      {action && <div className="ui-empty-action">{action}</div>}
    </div>
  )
}

import type { ReactNode } from 'react'

/** The label / control / hint / error stack every form control shares; ids tie them together for screen readers. */
export function Field({
  id,
  label,
  hint,
  error,
  children,
  className,
}: {
  id: string
  label: ReactNode
  hint?: ReactNode
  error?: ReactNode
  children: ReactNode
  className?: string
}) {
  return (
    <div className={['ui-field', className].filter(Boolean).join(' ')}>
      <label className="ui-label" htmlFor={id}>
        {label}
      </label>
      {children}
      {hint && (
        <p className="ui-hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      {error && (
        <p className="ui-field-error" id={`${id}-error`} role="alert">
          {error}
        </p>
      )}
    </div>
  )
}

/** aria-describedby for a control inside Field: its hint and error, when shown. */
export const describedBy = (id: string, hint: unknown, error: unknown): string | undefined =>
  [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined

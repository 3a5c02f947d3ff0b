'use client'
import { useId, type ReactNode, type Ref, type SelectHTMLAttributes } from 'react'
import { Field, describedBy } from './Field'

export interface SelectOption {
  value: string
  label: string
  disabled?: boolean
}

export interface SelectProps extends SelectHTMLAttributes<HTMLSelectElement> {
  label: ReactNode
  options: readonly SelectOption[]
  hint?: ReactNode
  error?: ReactNode
  ref?: Ref<HTMLSelectElement>
}

/**
 * A short list to pick one from. The native select, styled: on phones it opens the system's picker, and keyboard
 * and screen-reader behaviour come with it. For long lists that need a search (voices), use Combobox.
 */
export function Select({ label, options, hint, error, id, className, ref, ...rest }: SelectProps) {
  const autoId = useId()
  const selectId = id ?? autoId
  return (
    <Field id={selectId} label={label} hint={hint} error={error} className={className}>
      <span className="ui-select">
        <select
          {...rest}
          ref={ref}
          id={selectId}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(selectId, hint, error)}
        >
          {options.map((option) => (
            <option key={option.value} value={option.value} disabled={option.disabled}>
              {option.label}
            </option>
          ))}
        </select>
      </span>
    </Field>
  )
}

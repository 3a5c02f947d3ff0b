'use client'
import { useId, type InputHTMLAttributes, type ReactNode, type Ref } from 'react'
import { Field, describedBy } from './Field'

export interface InputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> {
  label: ReactNode
  hint?: ReactNode
  error?: ReactNode
  type?: 'text' | 'email' | 'password' | 'search' | 'tel' | 'url' | 'number' | 'date' | 'datetime-local'
  ref?: Ref<HTMLInputElement>
}

/** A text field with its label, hint and error (aria-invalid + aria-describedby). Files go through FileDrop. */
export function Input({ label, hint, error, id, className, type = 'text', ref, ...rest }: InputProps) {
  const autoId = useId()
  const inputId = id ?? autoId
  return (
    <Field id={inputId} label={label} hint={hint} error={error} className={className}>
      <input
        {...rest}
        ref={ref}
        id={inputId}
        type={type}
        className="ui-input"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(inputId, hint, error)}
      />
    </Field>
  )
}

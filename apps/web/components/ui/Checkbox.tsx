'use client'
import { useId, type InputHTMLAttributes, type ReactNode, type Ref } from 'react'

interface ToggleProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> {
  /** The words beside the box; clicking them toggles it (the label wraps the control, never floats apart). */
  label: ReactNode
  hint?: ReactNode
  ref?: Ref<HTMLInputElement>
}

const Toggle = ({
  label,
  hint,
  id,
  className,
  ref,
  kind,
  ...rest
}: ToggleProps & { kind: 'checkbox' | 'switch' }) => {
  const autoId = useId()
  const inputId = id ?? autoId
  return (
    <label className={[`ui-${kind}`, className].filter(Boolean).join(' ')} htmlFor={inputId}>
      <input
        {...rest}
        ref={ref}
        id={inputId}
        type="checkbox"
        role={kind === 'switch' ? 'switch' : undefined}
        // named by the words only; the hint is its description, not part of its name
        aria-labelledby={`${inputId}-label`}
        aria-describedby={hint ? `${inputId}-hint` : undefined}
      />
      <span className={`ui-${kind}-mark`} aria-hidden="true" />
      <span className="ui-toggle-text">
        <span className="ui-toggle-label" id={`${inputId}-label`}>
          {label}
        </span>
        {hint && (
          <span className="ui-hint" id={`${inputId}-hint`}>
            {hint}
          </span>
        )}
      </span>
    </label>
  )
}

/** A box to tick, with its label beside it and part of it. */
export function Checkbox(props: ToggleProps) {
  return <Toggle {...props} kind="checkbox" />
}

/** An on/off setting that applies at once (role="switch": screen readers say on/off, not checked). */
export function Switch(props: ToggleProps) {
  return <Toggle {...props} kind="switch" />
}

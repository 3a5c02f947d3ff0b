'use client'
import type { ButtonHTMLAttributes, MouseEvent, Ref } from 'react'
import { buttonClass, type ButtonSize, type ButtonVariant } from './button-class'

export type { ButtonSize, ButtonVariant }

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant
  size?: ButtonSize
  /** Work started by this button is running: shows a spinner, says so to screen readers, ignores clicks. */
  busy?: boolean
  ref?: Ref<HTMLButtonElement>
}

/**
 * The product's button. `type` defaults to "button" (a raw button inside a form submits, which surprised more
 * than one form here). While `busy` it stays focusable (aria-disabled, not disabled) so a keyboard user's focus
 * is not thrown to the page's top, and clicks are swallowed so the work is not started twice.
 */
export function Button({
  variant = 'secondary',
  size = 'md',
  busy = false,
  type = 'button',
  className,
  children,
  onClick,
  ref,
  ...rest
}: ButtonProps) {
  const click = (event: MouseEvent<HTMLButtonElement>) => {
    if (busy) {
      event.preventDefault()
      return
    }
    onClick?.(event)
  }
  return (
    <button
      {...rest}
      ref={ref}
      type={type}
      className={buttonClass({ variant, size, className })}
      aria-busy={busy || undefined}
      aria-disabled={busy || rest['aria-disabled'] || undefined}
      onClick={click}
    >
      {busy && <span className="btn-spinner" aria-hidden="true" />}
      {children}
    </button>
  )
}

'use client'
import { Button, type ButtonProps } from './Button'

/**
 * A button whose face is a symbol (×, ☰, ▶): the `label` is its accessible name and its tooltip, since the symbol
 * says nothing to a screen reader. Quiet by default; square, at least 36 px (sm) or 44 px.
 */
export function IconButton({
  label,
  className,
  variant = 'quiet',
  ...rest
}: Omit<ButtonProps, 'aria-label'> & { label: string }) {
  return (
    <Button
      {...rest}
      variant={variant}
      aria-label={label}
      title={rest.title ?? label}
      className={['btn-icon', className].filter(Boolean).join(' ')}
    />
  )
}

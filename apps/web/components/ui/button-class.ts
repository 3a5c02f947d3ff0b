/**
 * The button's class names, apart from Button.tsx (a client module) so server components and links can use them:
 * `<a className={buttonClass({ variant: 'primary' })}>`.
 */
export type ButtonVariant = 'primary' | 'secondary' | 'quiet' | 'danger'
export type ButtonSize = 'sm' | 'md' | 'lg'

const VARIANT_CLASS: Record<ButtonVariant, string> = {
  primary: 'btn-primary',
  secondary: 'btn-outline',
  quiet: 'btn-ghost',
  danger: 'btn-danger',
}

export const buttonClass = ({
  variant = 'secondary',
  size = 'md',
  className,
}: {
  variant?: ButtonVariant
  size?: ButtonSize
  className?: string
} = {}): string =>
  ['btn', VARIANT_CLASS[variant], size === 'md' ? '' : `btn-${size}`, className ?? '']
    .filter(Boolean)
    .join(' ')

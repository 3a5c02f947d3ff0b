'use client'
import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react'
import { createPortal } from 'react-dom'
import { useTranslations } from '../i18n/client-i18n'
import { IconButton } from './IconButton'

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])'

const focusables = (root: HTMLElement): HTMLElement[] =>
  Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE)).filter((e) => !e.hasAttribute('inert'))

export interface OverlayProps {
  open: boolean
  onClose: () => void
  title: ReactNode
  description?: ReactNode
  children?: ReactNode
  footer?: ReactNode
  className?: string
}

/**
 * The modal surface Dialog and Drawer share (WAI-ARIA dialog pattern): rendered over the page in a portal, focus
 * moves in (first field or control, else the close button) and is kept inside by Tab / Shift+Tab, Escape and
 * a click on the backdrop close, and focus returns to what opened it. The page behind does not scroll.
 */
export function Overlay({
  open,
  onClose,
  title,
  description,
  children,
  footer,
  className,
  kind,
}: OverlayProps & { kind: 'dialog' | 'drawer' }) {
  const t = useTranslations('ui.dialog')
  const id = useId()
  const panel = useRef<HTMLDivElement>(null)
  const close = useRef(onClose)
  close.current = onClose

  useEffect(() => {
    if (!open) return
    const opener = document.activeElement as HTMLElement | null
    const root = panel.current
    if (root) {
      const inside = focusables(root)
      // the close button is first in the DOM; start on the first thing of the content when there is one
      ;(inside[1] ?? inside[0] ?? root).focus()
    }
    const overflow = document.body.style.overflow
    document.body.style.overflow = 'hidden'
    return () => {
      document.body.style.overflow = overflow
      opener?.focus?.()
    }
  }, [open])

  if (!open || typeof document === 'undefined') return null

  const keyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.stopPropagation()
      close.current()
      return
    }
    if (event.key !== 'Tab' || !panel.current) return
    const inside = focusables(panel.current)
    if (inside.length === 0) return
    const first = inside[0]!
    const last = inside[inside.length - 1]!
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault()
      last.focus()
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault()
      first.focus()
    }
  }

  return createPortal(
    <div
      className={`ui-backdrop ui-backdrop-${kind}`}
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) close.current()
      }}
    >
      <div
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-labelledby={`${id}-title`}
        aria-describedby={description ? `${id}-desc` : undefined}
        tabIndex={-1}
        className={[`ui-${kind}`, className].filter(Boolean).join(' ')}
        onKeyDown={keyDown}
      >
        <div className="ui-overlay-head">
          <h2 id={`${id}-title`} className="ui-overlay-title">
            {title}
          </h2>
          <IconButton label={t('close')} size="sm" onClick={() => close.current()}>
            ×
          </IconButton>
        </div>
        {description && (
          <p id={`${id}-desc`} className="ui-overlay-description">
            {description}
          </p>
        )}
        <div className="ui-overlay-body">{children}</div>
        {footer && <div className="ui-overlay-footer">{footer}</div>}
      </div>
    </div>,
    document.body,
  )
}

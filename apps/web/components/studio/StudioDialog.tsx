'use client'
import { useEffect, useRef, type ReactNode } from 'react'

/**
 * A modal of the studio (native `<dialog>`: focus kept inside, Esc closes): shown while `open`, with a title and
 * a close button. Closing by any means calls `onClose`.
 */
export function StudioDialog({
  open,
  titleId,
  title,
  closeLabel,
  onClose,
  children,
  testId,
}: {
  open: boolean
  titleId: string
  title: string
  closeLabel: string
  onClose: () => void
  children: ReactNode
  testId?: string
}) {
  const dialog = useRef<HTMLDialogElement>(null)
  useEffect(() => {
    const d = dialog.current
    if (!d) return
    if (open && !d.open) d.showModal()
    if (!open && d.open) d.close()
  }, [open])
  return (
    <dialog
      ref={dialog}
      className="studio-dialog"
      aria-labelledby={titleId}
      data-testid={testId}
      onClose={onClose}
      onCancel={onClose}
    >
      <div className="studio-dialog-head">
        <h2 id={titleId}>{title}</h2>
        <button type="button" className="btn btn-ghost" onClick={onClose}>
          {closeLabel}
        </button>
      </div>
      {children}
    </dialog>
  )
}

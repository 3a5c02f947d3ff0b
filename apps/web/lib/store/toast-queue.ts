import { TOAST_MAX_VISIBLE, type ToastType } from '@loa/contracts/browser'

export interface Toast {
  id: number
  type: ToastType
  message: string
  /** A button in the toast ("Undo", "Retry"); such a toast stays until used or dismissed. */
  action?: { label: string; run: () => void }
}

/**
 * Adds a notification to the visible stack: a toast equal to one already shown (same type and text) is not added
 * again; past the limit the oldest is dropped. Pure, so the rule is unit-tested.
 */
export const pushToast = (queue: readonly Toast[], toast: Toast, max = TOAST_MAX_VISIBLE): Toast[] => {
  if (queue.some((t) => t.type === toast.type && t.message === toast.message)) return [...queue]
  const next = [...queue, toast]
  return next.length > max ? next.slice(next.length - max) : next
}

export const removeToast = (queue: readonly Toast[], id: number): Toast[] => queue.filter((t) => t.id !== id)

import { create } from 'zustand'
import { TOAST_DURATION_MS, type ToastType } from '@loa/contracts/browser'
import { pushToast, removeToast, type Toast } from './toast-queue'

type ToastAction = NonNullable<Toast['action']>

interface ToastState {
  toasts: Toast[]
  show: (type: ToastType, message: string, action?: ToastAction) => void
  dismiss: (id: number) => void
}

let nextId = 1

export const useToastStore = create<ToastState>()((set) => ({
  toasts: [],
  show: (type, message, action) => {
    const id = nextId++
    set((s) => ({ toasts: pushToast(s.toasts, { id, type, message, action }) }))
    // A toast with an action waits for the person (WCAG 2.2.1: no time limit on something to act on).
    if (!action) setTimeout(() => set((s) => ({ toasts: removeToast(s.toasts, id) })), TOAST_DURATION_MS)
  },
  dismiss: (id) => set((s) => ({ toasts: removeToast(s.toasts, id) })),
}))

/** `toast.success('…')`, usable from any client code (not only components). */
export const toast = {
  success: (message: string) => useToastStore.getState().show('success', message),
  error: (message: string) => useToastStore.getState().show('error', message),
  warning: (message: string) => useToastStore.getState().show('warning', message),
  info: (message: string) => useToastStore.getState().show('info', message),
  /** A toast with one action, e.g. `toast.withAction('info', 'Đã xoá', { label: 'Hoàn tác', run: undo })`. */
  withAction: (type: ToastType, message: string, action: ToastAction) =>
    useToastStore.getState().show(type, message, action),
}

'use client'
import { useTranslations } from '../i18n/client-i18n'
import { Button } from './Button'
import { IconButton } from './IconButton'

export type ToastTone = 'success' | 'error' | 'warning' | 'info'

export interface ToastAction {
  label: string
  run: () => void
}

/**
 * One notification: its message, an optional action ("Undo", "Retry", "Open") and a dismiss button. Errors are
 * alerts (read at once), the rest polite status messages. The stack and timing live in lib/store/toast-store.
 */
export function Toast({
  tone,
  message,
  action,
  onDismiss,
}: {
  tone: ToastTone
  message: string
  action?: ToastAction
  onDismiss: () => void
}) {
  const t = useTranslations('ui.toast')
  return (
    <div className={`toast toast-${tone}`} role={tone === 'error' ? 'alert' : 'status'} data-type={tone}>
      <span className="toast-message">{message}</span>
      {action && (
        <Button
          size="sm"
          variant="quiet"
          className="toast-action"
          onClick={() => {
            action.run()
            onDismiss()
          }}
        >
          {action.label}
        </Button>
      )}
      <IconButton label={t('dismiss')} size="sm" className="toast-close" onClick={onDismiss}>
        ×
      </IconButton>
    </div>
  )
}

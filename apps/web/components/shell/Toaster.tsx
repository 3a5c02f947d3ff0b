'use client'
import { useTranslations } from '@/components/i18n/client-i18n'
import { useToastStore } from '@/lib/store/toast-store'

/** Notifications at top right: at most 3, no duplicates, 3000 ms each (lib/store/toast-store.ts). */
export function Toaster() {
  const t = useTranslations('toast')
  const toasts = useToastStore((s) => s.toasts)
  const dismiss = useToastStore((s) => s.dismiss)
  return (
    <div className="toaster" role="region" aria-label={t('region')}>
      {toasts.map((item) => (
        <div
          key={item.id}
          className={`toast toast-${item.type}`}
          role={item.type === 'error' ? 'alert' : 'status'}
          data-type={item.type}
        >
          <span className="toast-message">{item.message}</span>
          <button
            type="button"
            className="toast-close"
            aria-label={t('close')}
            onClick={() => dismiss(item.id)}
          >
            ×
          </button>
        </div>
      ))}
    </div>
  )
}

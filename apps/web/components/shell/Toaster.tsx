'use client'
import { useTranslations } from '@/components/i18n/client-i18n'
import { Toast } from '@/components/ui/Toast'
import { useToastStore } from '@/lib/store/toast-store'

/** Notifications at top right: at most 3, no duplicates, 3000 ms each unless they carry an action (lib/store/toast-store.ts). */
export function Toaster() {
  const t = useTranslations('toast')
  const toasts = useToastStore((s) => s.toasts)
  const dismiss = useToastStore((s) => s.dismiss)
  return (
    <div className="toaster" role="region" aria-label={t('region')}>
      {toasts.map((item) => (
        <Toast
          key={item.id}
          tone={item.type}
          message={item.message}
          action={item.action}
          onDismiss={() => dismiss(item.id)}
        />
      ))}
    </div>
  )
}

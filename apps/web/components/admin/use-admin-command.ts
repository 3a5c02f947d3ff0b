'use client'
import { useCallback, useState } from 'react'
import { useTranslations } from '@/components/i18n/client-i18n'
import { toast } from '@/lib/store/toast-store'
import { adminErrorKey } from './admin-api'

/**
 * An operator's command as every back-office form runs it: `busy` while it runs (buttons disabled, no second
 * submission), then the success message made from its result, or the API's error code translated. Resolves with
 * `{ result }`, or undefined when it failed (so a command answering nothing still reads as done).
 */
export function useAdminCommand() {
  const t = useTranslations('admin')
  const [busy, setBusy] = useState(false)
  const run = useCallback(
    async <T>(
      command: () => Promise<T>,
      success: (result: T) => string,
    ): Promise<{ result: T } | undefined> => {
      setBusy(true)
      try {
        const result = await command()
        toast.success(success(result))
        return { result }
      } catch (error) {
        toast.error(t(adminErrorKey(error)))
        return undefined
      } finally {
        setBusy(false)
      }
    },
    [t],
  )
  return { busy, run }
}

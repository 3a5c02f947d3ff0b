'use client'
import { useMemo } from 'react'
import { useTranslations } from '@/components/i18n/client-i18n'
import { createDubbingApi, type DubbingApi } from '@/lib/dubbing/api'
import { useStudioApi } from '@/lib/studio/api'
import { errorCodeOf, studioErrorKey } from '@/lib/studio/errors'
import { HttpError } from '@/lib/http/client'
import { toast } from '@/lib/store/toast-store'
import { showShortfall } from '@/lib/store/shortfall-store'

/** The dubbing API bound to the signed-in user's token (the studio's token source). */
export const useDubbingApi = (): DubbingApi => {
  const studio = useStudioApi()
  return useMemo(() => createDubbingApi(studio.apiUrl, studio.getToken), [studio])
}

/**
 * Shows an error as a translated notification: `dubbing.errors.<code>` when dubbing knows it. Not enough dubbing
 * credits opens the out-of-credits panel instead (what is needed and left in minutes and seconds, "Mua thêm").
 */
export const useDubbingErrors = () => {
  const t = useTranslations()
  return (error: unknown) => {
    if (showShortfall(error, 'aidubbing')) return
    const code = errorCodeOf(error)
    const details = (
      (error instanceof HttpError ? error.body : undefined) as { details?: Record<string, unknown> }
    )?.details
    const values = Object.fromEntries(
      Object.entries(details ?? {}).filter(([, v]) => typeof v === 'string' || typeof v === 'number'),
    ) as Record<string, string | number>
    const own = code ? `dubbing.errors.${code}` : undefined
    const text = own ? t(own, values) : undefined
    toast.error(text && text !== own ? text : t(studioErrorKey(error)))
  }
}

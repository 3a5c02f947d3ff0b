'use client'
import { useState } from 'react'
import { useTranslations } from '@/components/i18n/client-i18n'
import { toast } from '@/lib/store/toast-store'
import { adminErrorKey, useAdminApi } from './admin-api'

/** A voice's sample, playable in place, and "regenerate": spoken again by the start-up code, audited. */
export function VoiceSample({
  code,
  url,
  onChanged,
}: {
  code: string
  url: string | null
  onChanged: () => void
}) {
  const t = useTranslations('admin')
  const api = useAdminApi()
  const [busy, setBusy] = useState(false)
  const regenerate = async () => {
    setBusy(true)
    try {
      await api.regenerateSample(code)
      toast.success(t('catalogue.sampleDone'))
      onChanged()
    } catch (error) {
      toast.error(t(adminErrorKey(error)))
    } finally {
      setBusy(false)
    }
  }
  return (
    <div className="admin-inline admin-sample">
      {url ? (
        <audio
          controls
          preload="none"
          src={url}
          aria-label={`${t('catalogue.sample')} ${code}`}
          data-testid="voice-sample"
        />
      ) : (
        <span>{t('catalogue.noSample')}</span>
      )}
      <button
        type="button"
        className="btn btn-ghost"
        disabled={busy}
        aria-busy={busy}
        onClick={() => void regenerate()}
      >
        {busy ? t('catalogue.sampleBusy') : t('catalogue.regenerate')}
      </button>
    </div>
  )
}

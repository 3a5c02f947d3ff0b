'use client'
import { useTranslations } from '@/components/i18n/client-i18n'
import { useAdminApi } from './admin-api'
import { useAdminCommand } from './use-admin-command'

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
  const { busy, run } = useAdminCommand()
  const regenerate = async () => {
    const done = await run(
      () => api.regenerateSample(code),
      () => t('catalogue.sampleDone'),
    )
    if (done) onChanged()
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

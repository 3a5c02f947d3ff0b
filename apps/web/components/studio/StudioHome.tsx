'use client'
import { useEffect, useState } from 'react'
import { useLocale, useTranslations } from '@/components/i18n/client-i18n'
import { toast } from '@/lib/store/toast-store'
import { ROUTES } from '@/lib/routes'
import { useStudioApi, type Profile, type Synthesis } from '@/lib/studio/api'
import { studioErrorKey } from '@/lib/studio/errors'
import { formatDuration } from '@/lib/studio/text'
import './studio.css'

/** Studio home: credits balance, current package and expiry, recent audio, quick links. */
export function StudioHome() {
  const t = useTranslations('studio.home')
  const tAll = useTranslations()
  const locale = useLocale()
  const api = useStudioApi()
  const [me, setMe] = useState<Profile | null>(null)
  const [recent, setRecent] = useState<Synthesis[] | null>(null)
  const prefix = locale === 'en' ? '/en' : ''

  useEffect(() => {
    api
      .me(locale)
      .then(setMe)
      .catch((error: unknown) => toast.error(tAll(studioErrorKey(error))))
    api
      .history({ limit: 5 })
      .then((r) => setRecent(r.items))
      .catch(() => setRecent([]))
  }, [api, tAll, locale])

  const download = async (id: string) => {
    try {
      const { url } = await api.download(id, 'mp3')
      window.location.assign(url)
    } catch (error) {
      toast.error(tAll(studioErrorKey(error)))
    }
  }

  const expiry = me?.packageExpiresAt ?? me?.package?.expiresAt ?? null
  return (
    <div className="studio-home">
      <div className="cards">
        <section aria-labelledby="home-credits" className="card">
          <h2 id="home-credits">{t('credits')}</h2>
          <p className="stat" data-testid="credits-balance">
            {me ? me.creditsBalance.toLocaleString(locale === 'en' ? 'en-US' : 'vi-VN') : '…'}
          </p>
        </section>
        <section aria-labelledby="home-package" className="card">
          <h2 id="home-package">{t('package')}</h2>
          <p className="stat" data-testid="current-package">
            {me ? (me.package?.name ?? t('noPackage')) : '…'}
          </p>
          {me && (
            <p className="muted">
              {expiry ? t('expires', { date: new Date(expiry).toLocaleDateString(locale) }) : t('noExpiry')}
            </p>
          )}
        </section>
      </div>
      <section aria-labelledby="home-links">
        <h2 id="home-links">{t('quickLinks')}</h2>
        <ul className="quick-links">
          {(
            [
              [ROUTES.studioTts, 'tts'],
              [ROUTES.studioDubbing, 'dubbing'],
              [ROUTES.consoleApps, 'console'],
              [ROUTES.studioPayments, 'payments'],
            ] as const
          ).map(([path, key]) => (
            <li key={key}>
              <a className="btn btn-outline quick-link" href={`${prefix}${path}`}>
                {t(key)}
              </a>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="home-recent">
        <h2 id="home-recent">{t('recent')}</h2>
        {recent === null ? (
          <p aria-busy="true">…</p>
        ) : recent.length === 0 ? (
          <p className="muted">{t('noRecent')}</p>
        ) : (
          <ul className="studio-history-list" data-testid="recent-audio">
            {recent.map((r) => (
              <li key={r.requestId} className="studio-history-item">
                <div className="studio-history-text">
                  <strong>{r.title}</strong>
                  <span className="muted">
                    {formatDuration(r.durationMs)} · {tAll(`studio.status.${r.status}`)} ·{' '}
                    {new Date(r.createdAt).toLocaleString(locale)}
                  </span>
                </div>
                {r.status === 'SUCCESS' && (
                  <button
                    type="button"
                    className="btn btn-outline"
                    onClick={() => void download(r.requestId)}
                  >
                    {t('download')}
                  </button>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  )
}

'use client'
import { useState } from 'react'
import { useTranslations } from '@/components/i18n/client-i18n'
import type { Synthesis, Timeline } from '@/lib/studio/api'
import { TELEPHONE_FORMATS, type DownloadFormat, type TelephoneFormat } from '@/lib/studio/downloads'
import type { LivePlayback } from '@/lib/studio/use-live-parts'
import { Player } from './Player'
import './player-dock.css'

export type { DownloadFormat } from '@/lib/studio/downloads'

/**
 * The result of the last synthesis: the player (its audio passed in) and downloads, docked at the bottom of the
 * window once there is audio — from the first part heard while it renders (`live`, issue 31) — then the
 * transcript with the spoken sentence marked.
 */
export function ResultPanel({
  result: last,
  live,
  timeline,
  onDownload,
}: {
  result: Synthesis | null
  live: LivePlayback | null
  timeline: Timeline | null
  onDownload: (id: string, format: DownloadFormat) => void
}) {
  // While a new synthesis plays from its parts, the previous result's downloads are not offered beside it.
  const result = live && last?.requestId !== live.requestId ? null : last
  const t = useTranslations('studio.result')
  const [spoken, setSpoken] = useState(-1)
  const [telephone, setTelephone] = useState<TelephoneFormat>('ulaw')
  const transcript = result && timeline ? timeline.sentences : null
  const formats: [DownloadFormat, string][] = [
    ['mp3', t('downloadMp3')],
    ['wav', t('downloadWav')],
    ['srt', t('downloadSrt')],
  ]
  const docked = Boolean(result?.audioLink) || Boolean(live)
  return (
    <>
      {/* Docked at the bottom of the window once there is audio: the player is in reach wherever the page is. */}
      <section
        className={docked ? 'studio-result studio-dock' : 'studio-result'}
        aria-labelledby="result-title"
        data-testid="player-dock"
        data-docked={docked}
      >
        <h2 id="result-title">{t('title')}</h2>
        <Player
          audio={result?.audioLink ? { id: result.requestId, url: result.audioLink } : null}
          live={live}
          timeline={result ? timeline : null}
          onSentence={setSpoken}
        />
        {result && (
          <div className="studio-actions">
            {formats.map(([format, label]) => (
              <button
                key={format}
                type="button"
                className="btn btn-outline"
                onClick={() => onDownload(result.requestId, format)}
              >
                {label}
              </button>
            ))}
            <span className="studio-telephone">
              <select
                aria-label={t('telephoneFormat')}
                value={telephone}
                onChange={(e) => setTelephone(e.target.value as TelephoneFormat)}
              >
                {TELEPHONE_FORMATS.map((f) => (
                  <option key={f} value={f}>
                    {t(`telephone.${f}`)}
                  </option>
                ))}
              </select>
              <button
                type="button"
                className="btn btn-outline"
                onClick={() => onDownload(result.requestId, telephone)}
              >
                {t('downloadTelephone')}
              </button>
            </span>
          </div>
        )}
      </section>
      {transcript && (
        <section aria-label={t('title')}>
          <p className="studio-transcript" data-testid="transcript">
            {transcript.map((s, i) => (
              <span
                key={s.index}
                className={i === spoken ? 'studio-spoken' : undefined}
                aria-current={i === spoken ? 'true' : undefined}
              >
                {s.source}{' '}
              </span>
            ))}
          </p>
        </section>
      )}
    </>
  )
}

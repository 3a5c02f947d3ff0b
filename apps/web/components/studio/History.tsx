'use client'
import { useEffect, useState } from 'react'
import { useLocale, useTranslations } from '@/components/i18n/client-i18n'
import type { StudioApi, Synthesis, SynthesisDetail } from '@/lib/studio/api'
import { formatDuration } from '@/lib/studio/text'

const PAGE = 10

/** Past requests: excerpt, voice, duration, status, date; play, download, re-open in the editor, delete. */
export function History({
  api,
  version,
  voiceName,
  onPlay,
  onDownload,
  onReopen,
  onError,
}: {
  api: StudioApi
  version: number
  voiceName: (code: string) => string
  onPlay: (item: Synthesis) => void | Promise<void>
  onDownload: (id: string) => void
  onReopen: (detail: SynthesisDetail) => void
  onError: (error: unknown) => void
}) {
  const t = useTranslations('studio.history')
  const tStatus = useTranslations('studio.status')
  const locale = useLocale()
  const [items, setItems] = useState<Synthesis[] | null>(null)
  const [total, setTotal] = useState(0)
  const [page, setPage] = useState(0)
  const [query, setQuery] = useState('')
  const [reload, setReload] = useState(0)

  useEffect(() => {
    let cancelled = false
    const timer = setTimeout(() => {
      api
        .history({ offset: page * PAGE, limit: PAGE, q: query.trim() || undefined })
        .then((r) => {
          if (cancelled) return
          setItems(r.items)
          setTotal(r.total)
        })
        .catch((error: unknown) => {
          if (!cancelled) {
            setItems([])
            onError(error)
          }
        })
    }, 200)
    return () => {
      cancelled = true
      clearTimeout(timer)
    }
  }, [api, page, query, version, reload, onError])

  const open = async (id: string, then: (detail: SynthesisDetail) => void | Promise<void>) => {
    try {
      await then(await api.synthesis(id))
    } catch (error) {
      onError(error)
    }
  }

  const remove = async (id: string) => {
    try {
      await api.remove(id)
      setReload((n) => n + 1)
    } catch (error) {
      onError(error)
    }
  }

  return (
    <section className="studio-history" aria-labelledby="history-title">
      <div className="studio-row">
        <h2 id="history-title">{t('title')}</h2>
        <label>
          <span className="sr-only">{t('search')}</span>
          <input
            type="search"
            placeholder={t('search')}
            value={query}
            onChange={(e) => {
              setQuery(e.target.value)
              setPage(0)
            }}
          />
        </label>
      </div>
      {items === null ? (
        <p aria-busy="true">{t('loading')}</p>
      ) : items.length === 0 ? (
        <p className="muted">{t('empty')}</p>
      ) : (
        <ul className="studio-history-list" data-testid="history">
          {items.map((item) => (
            <li key={item.requestId} className="studio-history-item" data-status={item.status}>
              <div className="studio-history-text">
                <strong>{item.title}</strong>
                <span className="muted">
                  {voiceName(item.voiceCode)} · {formatDuration(item.durationMs)} · {tStatus(item.status)} ·{' '}
                  {new Date(item.createdAt).toLocaleString(locale)}
                </span>
              </div>
              <div className="studio-history-actions">
                <button
                  type="button"
                  className="btn btn-outline"
                  disabled={item.status !== 'SUCCESS'}
                  aria-label={t('play', { title: item.title })}
                  onClick={() => void open(item.requestId, onPlay)}
                >
                  ▶
                </button>
                <button
                  type="button"
                  className="btn btn-outline"
                  disabled={item.status !== 'SUCCESS'}
                  aria-label={t('download', { title: item.title })}
                  onClick={() => onDownload(item.requestId)}
                >
                  ⤓
                </button>
                <button
                  type="button"
                  className="btn btn-outline"
                  aria-label={t('reopen', { title: item.title })}
                  onClick={() => void open(item.requestId, onReopen)}
                >
                  ✎
                </button>
                <button
                  type="button"
                  className="btn btn-ghost"
                  aria-label={t('delete', { title: item.title })}
                  onClick={() => void remove(item.requestId)}
                >
                  ✕
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
      {total > PAGE && (
        <div className="studio-row">
          <button
            type="button"
            className="btn btn-ghost"
            disabled={page === 0}
            onClick={() => setPage((p) => p - 1)}
          >
            {t('previous')}
          </button>
          <span className="muted">{t('page', { n: page + 1, total: Math.ceil(total / PAGE) })}</span>
          <button
            type="button"
            className="btn btn-ghost"
            disabled={(page + 1) * PAGE >= total}
            onClick={() => setPage((p) => p + 1)}
          >
            {t('next')}
          </button>
        </div>
      )}
    </section>
  )
}

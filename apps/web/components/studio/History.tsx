'use client'
import { useEffect, useState } from 'react'
import { useLocale, useTranslations } from '@/components/i18n/client-i18n'
import type { StudioApi, Synthesis, SynthesisDetail } from '@/lib/studio/api'
import { formatDuration } from '@/lib/studio/text'
import { Pager } from './Pager'

const PAGE = 10
/** Up to this many voices an item names them; more read as "3 voices". */
const MAX_NAMED_VOICES = 2

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

  /** Every voice of a multi-voice item: their names, or "3 voices" when there are more than two. */
  const voices = (codes: string[]) => {
    const names = codes.map(voiceName)
    return names.length > MAX_NAMED_VOICES ? (
      <span title={names.join(', ')} data-testid="history-voices">
        {t('voices', { n: names.length })}
      </span>
    ) : (
      <span data-testid="history-voices">{names.join(', ')}</span>
    )
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
                  {voices(item.voiceCodes?.length ? item.voiceCodes : [item.voiceCode])} ·{' '}
                  {formatDuration(item.durationMs)} · {tStatus(item.status)} ·{' '}
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
      <Pager page={page} total={total} size={PAGE} onPage={setPage} namespace="studio.history" />
    </section>
  )
}

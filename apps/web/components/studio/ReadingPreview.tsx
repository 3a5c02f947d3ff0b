'use client'
import { useEffect, useState } from 'react'
import { useTranslations } from '@/components/i18n/client-i18n'
import type { Preview } from '@/lib/studio/api'
import { segmentText } from '@/lib/studio/text'
import { doubtfulReadings, readingGroups } from '@/lib/studio/reading'
import { ReadingDoubts } from './ReadingDoubts'
import { ReadingTip } from './ReadingTip'
import './reading-doubts.css'

const TIP_ID = 'reading-tip'

/**
 * How the text will be read, compact: first the readings the normalizer is not sure of (its doubt marks), then the
 * user's text with the non-standard words (numbers, dates, abbreviations…) highlighted — the doubtful ones apart —
 * each showing its reading while hovered or focused; then a collapsed table grouped by kind (translated), without
 * the rows read as written or small numbers. Clicking a highlighted word (a button) asks for its pronunciation
 * dictionary entry, with the current reading as the suggestion (`onWord`).
 */
export function ReadingPreview({
  preview,
  source,
  stale,
  onWord,
  onClose,
}: {
  preview: Preview
  source: string
  stale: boolean
  onWord: (word: string, reading: string) => void
  onClose: () => void
}) {
  const t = useTranslations('studio.preview')
  const [tip, setTip] = useState<{ mark: number; anchor: HTMLElement } | null>(null)
  const spans = preview.spans
    .filter((s) => s.kind !== 'plain' && s.srcEnd > s.srcStart)
    .sort((a, b) => a.srcStart - b.srcStart)
  const segments = segmentText(
    source,
    spans.map((s) => ({ start: s.srcStart, end: s.srcEnd })),
  )
  const doubts = doubtfulReadings(spans)
  const table = readingGroups(spans)
  const rows = table.groups.reduce((n, g) => n + g.rows.length, 0)
  const kind = (k: string) => {
    const label = t(`kinds.${k}`)
    return label === `studio.preview.kinds.${k}` ? k : label
  }

  // The tooltip goes with a new preview, and Escape dismisses it.
  useEffect(() => setTip(null), [preview])
  useEffect(() => {
    if (!tip) return
    const dismiss = (e: KeyboardEvent) => e.key === 'Escape' && setTip(null)
    document.addEventListener('keydown', dismiss)
    return () => document.removeEventListener('keydown', dismiss)
  }, [tip])
  const tipSpan = tip ? spans[tip.mark] : undefined

  return (
    <section className="studio-preview" aria-labelledby="preview-title" data-testid="reading-preview">
      <div className="studio-row">
        <h2 id="preview-title">{t('title')}</h2>
        <button type="button" className="btn btn-ghost" onClick={onClose}>
          {t('close')}
        </button>
      </div>
      {stale && <p className="muted">{t('stale')}</p>}
      <ReadingDoubts doubts={doubts} onWord={onWord} />
      {spans.length > 0 && <p className="muted">{t('clickHint')}</p>}
      {spans.length === 0 ? (
        <p className="muted">{t('nothing')}</p>
      ) : (
        <>
          <p className="studio-preview-text">
            {segments.map((seg, i) => {
              if (seg.mark < 0) return <span key={i}>{seg.text}</span>
              const span = spans[seg.mark]!
              const doubt = span.kind !== 'dictionary' ? span.doubt : null
              const label = doubt
                ? t('doubtEntry', { word: seg.text, text: span.text, reason: t(`doubts.${doubt}`) })
                : t(span.kind === 'dictionary' ? 'editEntry' : 'addEntry', {
                    word: seg.text,
                    text: span.text,
                  })
              const show = (e: { currentTarget: HTMLElement }) =>
                setTip({ mark: seg.mark, anchor: e.currentTarget })
              const hide = () => setTip((current) => (current?.mark === seg.mark ? null : current))
              return (
                <mark
                  key={i}
                  className={doubt ? 'studio-nsw studio-doubt' : 'studio-nsw'}
                  data-kind={span.kind}
                  data-doubt={doubt ?? undefined}
                >
                  <button
                    type="button"
                    className="studio-nsw-word"
                    aria-label={label}
                    aria-describedby={tip?.mark === seg.mark ? TIP_ID : undefined}
                    onMouseEnter={show}
                    onMouseLeave={hide}
                    onFocus={show}
                    onBlur={hide}
                    onClick={() => onWord(seg.text, span.text)}
                  >
                    {seg.text}
                  </button>
                </mark>
              )
            })}
          </p>
          {tip && tipSpan && (
            <ReadingTip id={TIP_ID} anchor={tip.anchor}>
              <span>{t('readsAs', { text: tipSpan.text })}</span>
              {tipSpan.doubt && tipSpan.kind !== 'dictionary' && (
                <span className="studio-reading-tip-doubt">
                  {t('notSure', { reason: t(`doubts.${tipSpan.doubt}`) })}
                </span>
              )}
            </ReadingTip>
          )}
          {table.hidden > 0 && <p className="muted">{t('hidden', { n: table.hidden })}</p>}
          {rows > 0 && (
            <details className="studio-reading-table">
              <summary>{t('table', { n: rows })}</summary>
              <table className="studio-table">
                <caption className="sr-only">{t('title')}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t('written')}</th>
                    <th scope="col">{t('read')}</th>
                  </tr>
                </thead>
                {table.groups.map((group) => (
                  <tbody key={group.kind} data-kind={group.kind}>
                    <tr>
                      <th scope="rowgroup" colSpan={2}>
                        {kind(group.kind)}
                      </th>
                    </tr>
                    {group.rows.map((s) => (
                      <tr key={`${s.srcStart}-${s.kind}`} data-testid="reading">
                        <td>{s.source}</td>
                        <td>{s.text}</td>
                      </tr>
                    ))}
                  </tbody>
                ))}
              </table>
            </details>
          )}
        </>
      )}
      <details className="studio-normalized">
        <summary>{t('fullText')}</summary>
        <p>{preview.text}</p>
      </details>
    </section>
  )
}

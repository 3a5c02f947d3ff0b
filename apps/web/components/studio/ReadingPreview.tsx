'use client'
import { useTranslations } from '@/components/i18n/client-i18n'
import type { Preview } from '@/lib/studio/api'
import { segmentText } from '@/lib/studio/text'
import { readingGroups } from '@/lib/studio/reading'

/**
 * How the text will be read, compact: the user's text first with the non-standard words (numbers, dates,
 * abbreviations…) highlighted, each with its reading; then a collapsed table grouped by kind (translated), without
 * the rows read as written or small numbers. Clicking a highlighted word (a button) asks for its pronunciation
 * dictionary entry (`onWord`).
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
  onWord: (word: string) => void
  onClose: () => void
}) {
  const t = useTranslations('studio.preview')
  const spans = preview.spans
    .filter((s) => s.kind !== 'plain' && s.srcEnd > s.srcStart)
    .sort((a, b) => a.srcStart - b.srcStart)
  const segments = segmentText(
    source,
    spans.map((s) => ({ start: s.srcStart, end: s.srcEnd })),
  )
  const table = readingGroups(spans)
  const rows = table.groups.reduce((n, g) => n + g.rows.length, 0)
  const kind = (k: string) => {
    const label = t(`kinds.${k}`)
    return label === `studio.preview.kinds.${k}` ? k : label
  }
  return (
    <section className="studio-preview" aria-labelledby="preview-title" data-testid="reading-preview">
      <div className="studio-row">
        <h2 id="preview-title">{t('title')}</h2>
        <button type="button" className="btn btn-ghost" onClick={onClose}>
          {t('close')}
        </button>
      </div>
      {stale && <p className="muted">{t('stale')}</p>}
      {spans.length > 0 && <p className="muted">{t('clickHint')}</p>}
      {spans.length === 0 ? (
        <p className="muted">{t('nothing')}</p>
      ) : (
        <>
          <p className="studio-preview-text">
            {segments.map((seg, i) =>
              seg.mark < 0 ? (
                <span key={i}>{seg.text}</span>
              ) : (
                <mark
                  key={i}
                  className="studio-nsw"
                  data-kind={spans[seg.mark]!.kind}
                  title={t('readsAs', { text: spans[seg.mark]!.text })}
                >
                  <button
                    type="button"
                    className="studio-nsw-word"
                    aria-label={t(spans[seg.mark]!.kind === 'dictionary' ? 'editEntry' : 'addEntry', {
                      word: seg.text,
                      text: spans[seg.mark]!.text,
                    })}
                    onClick={() => onWord(seg.text)}
                  >
                    {seg.text}
                  </button>
                </mark>
              ),
            )}
          </p>
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

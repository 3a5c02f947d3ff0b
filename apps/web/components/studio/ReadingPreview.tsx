'use client'
import { useTranslations } from '@/components/i18n/client-i18n'
import type { Preview } from '@/lib/studio/api'
import { segmentText } from '@/lib/studio/text'

/**
 * How the text will be read: the non-standard words (numbers, dates, abbreviations…) found by the preview
 * endpoint are highlighted in the user's text, each with its reading, and listed in a table. Clicking a
 * highlighted word (a button) asks for its pronunciation dictionary entry (`onWord`).
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
          <table className="studio-table">
            <caption className="sr-only">{t('title')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('written')}</th>
                <th scope="col">{t('read')}</th>
                <th scope="col">{t('kind')}</th>
              </tr>
            </thead>
            <tbody>
              {spans.map((s, i) => (
                <tr key={`${s.srcStart}-${i}`} data-testid="reading">
                  <td>{s.source}</td>
                  <td>{s.text}</td>
                  <td>{kind(s.kind)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
      <details className="studio-normalized">
        <summary>{t('fullText')}</summary>
        <p>{preview.text}</p>
      </details>
    </section>
  )
}

'use client'
import { useTranslations } from '@/components/i18n/client-i18n'
import type { PreviewSpan } from '@/lib/studio/api'

/**
 * The readings the normalizer is not sure of, listed before the text: each one a button that opens "add to my
 * dictionary" with the word and its current reading as the suggestion (`onWord`).
 */
export function ReadingDoubts({
  doubts,
  onWord,
}: {
  doubts: readonly PreviewSpan[]
  onWord: (word: string, reading: string) => void
}) {
  const t = useTranslations('studio.preview')
  if (doubts.length === 0) return null
  return (
    <div className="studio-doubts" role="group" aria-labelledby="doubts-title" data-testid="reading-doubts">
      <h3 id="doubts-title">{t('doubtsTitle', { n: doubts.length })}</h3>
      <p className="muted">{t('doubtsHint')}</p>
      <ul>
        {doubts.map((s) => {
          const reason = t(`doubts.${s.doubt}`)
          return (
            <li key={`${s.srcStart}-${s.source}`}>
              <button
                type="button"
                className="studio-doubt-item"
                aria-label={t('doubtEntry', { word: s.source, text: s.text, reason })}
                onClick={() => onWord(s.source, s.text)}
              >
                <strong>{s.source}</strong>
                <span aria-hidden="true"> → </span>
                <span>{s.text}</span>
                <small className="muted">{reason}</small>
              </button>
            </li>
          )
        })}
      </ul>
    </div>
  )
}

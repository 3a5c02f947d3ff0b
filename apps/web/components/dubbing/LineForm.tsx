'use client'
import { useState } from 'react'
import { useTranslations } from '@/components/i18n/client-i18n'
import { Button } from '@/components/ui/Button'
import { clock, parseClock, type DubbingLine } from '@/lib/dubbing/api'
import { lineLanguage } from '@/lib/dubbing/voice-suggest'
import { LineFixes, type FixEdit } from './LineFixes'

export interface LineEdit {
  text?: string
  startMs?: number
  endMs?: number
  speaker?: string | null
  fix?: FixEdit | null
}

const ACTIONS = ['fit', 'speed', 'borrow', 'stretch', 'retime', 'unresolved', 'accepted-overrun'] as const

/** How a line fitted in the last render: a short coloured label, explained in place. */
export function FitBadge({ line }: { line: DubbingLine }) {
  const t = useTranslations('dubbing')
  const fit = line.fit
  if (!fit) return <span className="dub-fit dub-fit-none">{t('fitUnknown')}</span>
  const action = (ACTIONS as readonly string[]).includes(fit.action) ? fit.action : 'unresolved'
  const key = action.replace('-', '_')
  const values = { ms: fit.overflowMs, chars: fit.shortenByChars, shift: fit.shiftMs ?? 0 }
  return (
    <span className="dub-fit-wrap">
      <span className={`dub-fit dub-fit-${action}`} data-testid="dub-fit">
        {t(`fit_${key}`, values)}
      </span>
      <span className="dub-fit-help">{t(`fitHelp_${key}`, values)}</span>
    </span>
  )
}

/**
 * One line's editor: times, speaker, text, its fixes when it did not fit; save, preview and regenerate. The list
 * shows one per line; the timeline shows the selected line's in its side panel.
 */
export function LineForm({
  line,
  speakers,
  busy,
  onSave,
  onPreview,
  onRegenerate,
}: {
  line: DubbingLine
  speakers: string[]
  busy: boolean
  onSave: (edit: LineEdit) => Promise<void>
  onPreview: () => void
  onRegenerate: () => void
}) {
  const t = useTranslations('dubbing')
  const [text, setText] = useState(line.text)
  const [start, setStart] = useState(clock(line.startMs))
  const [end, setEnd] = useState(clock(line.endMs))
  const [speaker, setSpeaker] = useState(line.speaker ?? '')
  const startMs = parseClock(start)
  const endMs = parseClock(end)
  const validTimes = startMs !== undefined && endMs !== undefined && endMs > startMs
  const dirty =
    text !== line.text || startMs !== line.startMs || endMs !== line.endMs || speaker !== (line.speaker ?? '')
  return (
    <>
      <div className="dub-line-head">
        <span className="dub-index">{line.index}</span>
        <input
          className="dub-time"
          value={start}
          aria-label={t('timeStart', { index: line.index })}
          aria-invalid={!validTimes}
          onChange={(e) => setStart(e.target.value)}
        />
        <span aria-hidden="true">–</span>
        <input
          className="dub-time"
          value={end}
          aria-label={t('timeEnd', { index: line.index })}
          aria-invalid={!validTimes}
          onChange={(e) => setEnd(e.target.value)}
        />
        <select
          aria-label={`${t('speaker')} ${line.index}`}
          value={speaker}
          onChange={(e) => setSpeaker(e.target.value)}
        >
          <option value="">{t('noSpeaker')}</option>
          {speakers.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </select>
        <FitBadge line={line} />
      </div>
      <textarea
        className="dub-text"
        rows={2}
        value={text}
        aria-label={`${t('text')} ${line.index}`}
        onChange={(e) => setText(e.target.value)}
      />
      {!validTimes && <p className="dub-error">{t('badTime')}</p>}
      {!line.voiceReadsLanguage && (
        <p className="dub-warning" data-testid="dub-language">
          {t('languageWarning', { language: t(`languages.${lineLanguage(line.language)}`) })}
        </p>
      )}
      <LineFixes line={line} text={text} busy={busy} onFix={(fix) => void onSave({ fix })} />
      <div className="dub-actions">
        <Button
          variant="primary"
          disabled={!dirty || !validTimes || busy}
          onClick={() => void onSave({ text, startMs, endMs, speaker: speaker || null })}
        >
          {t('save')}
        </Button>
        <Button onClick={onPreview} disabled={busy}>
          {t('preview')}
        </Button>
        <Button variant="quiet" onClick={onRegenerate} disabled={busy || dirty}>
          {t('regenerate')}
        </Button>
      </div>
    </>
  )
}

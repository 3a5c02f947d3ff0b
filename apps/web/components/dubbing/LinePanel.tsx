'use client'
import { useTranslations } from '@/components/i18n/client-i18n'
import { Button } from '@/components/ui/Button'
import type { DubbingLine } from '@/lib/dubbing/api'
import { LineForm, type LineEdit } from './LineForm'

/** The timeline's side panel: the selected line's text, timing, speaker and fixes, and playing from its start. */
export function LinePanel({
  line,
  speakers,
  busy,
  media,
  onSave,
  onPreview,
  onRegenerate,
  onClose,
}: {
  line: DubbingLine | null
  speakers: string[]
  busy: boolean
  media: HTMLMediaElement | null
  onSave: (line: DubbingLine, edit: LineEdit) => Promise<void>
  onPreview: (line: DubbingLine) => void
  onRegenerate: (line: DubbingLine) => void
  onClose: () => void
}) {
  const t = useTranslations('dubbing')
  const playFrom = (ms: number) => {
    if (!media) return
    media.currentTime = ms / 1000
    void media.play().catch(() => undefined)
  }
  return (
    <aside className="dub-panel dub-line-panel" aria-labelledby="dub-line-panel" data-testid="dub-line-panel">
      <h2 id="dub-line-panel">
        {line
          ? t('timeline.lineHeading', { index: line.index, speaker: line.speaker ?? t('timeline.noSpeaker') })
          : t('timeline.noLine')}
      </h2>
      {!line && <p className="muted">{t('timeline.selectHint')}</p>}
      {line && (
        <div className="dub-line">
          <LineForm
            key={`${line.id}-${line.text}-${line.startMs}-${line.endMs}-${line.speaker}`}
            line={line}
            speakers={speakers}
            busy={busy}
            onSave={(edit) => onSave(line, edit)}
            onPreview={() => onPreview(line)}
            onRegenerate={() => onRegenerate(line)}
          />
          <div className="dub-actions">
            <Button disabled={!media} onClick={() => playFrom(line.startMs)}>
              {t('timeline.playFrom')}
            </Button>
            <Button variant="quiet" onClick={onClose}>
              {t('timeline.close')}
            </Button>
          </div>
        </div>
      )}
    </aside>
  )
}

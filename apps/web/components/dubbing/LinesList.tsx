'use client'
import { useTranslations } from '@/components/i18n/client-i18n'
import type { DubbingLine } from '@/lib/dubbing/api'
import type { LineEdit } from './LineForm'
import { LineRow } from './LineRow'

/** Lines that cannot fit come first (the export waits for them), then every line in order. */
const unresolvedFirst = (lines: readonly DubbingLine[]): DubbingLine[] => [
  ...lines.filter((l) => l.fit?.action === 'unresolved'),
  ...lines.filter((l) => l.fit?.action !== 'unresolved'),
]

/** What the lines as a whole ask for: lines that hold the export, lines their voice cannot read. */
export function LinesNotes({ lines }: { lines: readonly DubbingLine[] }) {
  const t = useTranslations('dubbing')
  const unresolved = lines.filter((l) => l.fit?.action === 'unresolved').length
  const foreign = lines.filter((l) => !l.voiceReadsLanguage).length
  return (
    <>
      {unresolved > 0 && (
        <p className="dub-error" role="status" data-testid="dub-held">
          {t('unresolvedHeld', { count: unresolved })}
        </p>
      )}
      {foreign > 0 && (
        <p className="dub-warning" role="status" data-testid="dub-foreign">
          {t('languageLines', { count: foreign })}
        </p>
      )}
    </>
  )
}

/** The list view: every line as a form, for keyboard users and small screens. */
export function LinesList({
  lines,
  speakers,
  activeLine,
  busy,
  onSave,
  onPreview,
  onRegenerate,
}: {
  lines: DubbingLine[]
  speakers: string[]
  activeLine: string | null
  busy: boolean
  onSave: (line: DubbingLine, edit: LineEdit) => Promise<void>
  onPreview: (line: DubbingLine) => void
  onRegenerate: (line: DubbingLine) => void
}) {
  return (
    <section className="dub-panel" aria-labelledby="dub-lines">
      <ol className="dub-lines">
        {unresolvedFirst(lines).map((line) => (
          <LineRow
            key={`${line.id}-${line.text}-${line.startMs}-${line.endMs}-${line.speaker}`}
            line={line}
            speakers={speakers}
            active={line.id === activeLine}
            busy={busy}
            onSave={(edit) => onSave(line, edit)}
            onPreview={() => onPreview(line)}
            onRegenerate={() => onRegenerate(line)}
          />
        ))}
      </ol>
    </section>
  )
}

'use client'
import { useState } from 'react'
import { useTranslations } from '@/components/i18n/client-i18n'
import { Button } from '@/components/ui/Button'
import { Checkbox } from '@/components/ui/Checkbox'
import type { TypesettingRule } from '@/lib/dubbing/api'

/** Style names as the user types them: comma or line separated, trimmed, no empties, no repeats. */
export const parseStyles = (text: string): string[] => [
  ...new Set(
    text
      .split(/[,\n]/)
      .map((s) => s.trim())
      .filter(Boolean),
  ),
]

/**
 * The ASS typesetting rule of a project (issue 29): which styles are signs, songs or titles (never spoken) and
 * whether events placed on screen are. Applying reads the kept subtitle file again, so the lines are replaced by
 * the file's (said before the user applies).
 */
export function TypesettingPanel({
  rule,
  busy,
  onApply,
}: {
  rule: TypesettingRule
  busy: boolean
  onApply: (rule: TypesettingRule | null) => void
}) {
  const t = useTranslations('dubbing')
  const [styles, setStyles] = useState(rule.styles.join(', '))
  const [positioned, setPositioned] = useState(rule.positioned)
  const next = { styles: parseStyles(styles), positioned }
  const changed = next.positioned !== rule.positioned || next.styles.join(',') !== rule.styles.join(',')
  return (
    <details className="dub-panel dub-typesetting" data-testid="dub-typesetting">
      <summary>{t('typesetting')}</summary>
      <p className="muted">{t('typesettingHelp')}</p>
      <label className="dub-field">
        <span>{t('typesettingStyles')}</span>
        <textarea rows={2} value={styles} onChange={(e) => setStyles(e.target.value)} />
      </label>
      <Checkbox
        label={t('typesettingPositioned')}
        checked={positioned}
        onChange={(e) => setPositioned(e.target.checked)}
      />
      <p className="dub-warning">{t('typesettingReplaces')}</p>
      <div className="dub-actions">
        <Button variant="primary" disabled={busy || !changed} onClick={() => onApply(next)}>
          {t('typesettingApply')}
        </Button>
        <Button variant="quiet" disabled={busy} onClick={() => onApply(null)}>
          {t('typesettingDefault')}
        </Button>
      </div>
    </details>
  )
}

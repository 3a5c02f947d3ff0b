'use client'
import { useTranslations } from '@/components/i18n/client-i18n'
import { Button } from '@/components/ui/Button'
import type { DubbingLine } from '@/lib/dubbing/api'

/** A fix as the line edit sends it. */
export interface FixEdit {
  maxSpeedup?: number
  borrowNextGap?: boolean
  acceptOverrun?: boolean
}

/** Speed limit offered by "raise this line's speed limit" (the default is 1.5×). */
const RAISED_SPEEDUP = 2

/**
 * The fixes of a line that cannot fit (export is held until each is fixed or accepted): a live meter of the
 * text being edited against what fits, a higher speed limit, running into the next gap, or accepting the cut.
 */
export function LineFixes({
  line,
  text,
  busy,
  onFix,
}: {
  line: DubbingLine
  /** The text as being edited (the meter follows it). */
  text: string
  busy: boolean
  onFix: (fix: FixEdit | null) => void
}) {
  const t = useTranslations('dubbing')
  const fit = line.fit
  if (!fit || (fit.action !== 'unresolved' && fit.action !== 'accepted-overrun')) return null
  // What fits: the spoken characters of the last render less the characters to cut.
  const spoken = [...line.speech].length
  const fits = Math.max(1, spoken - fit.shortenByChars)
  const now = [...text.replace(/<[^>]*>|\{[^}]*\}/g, '')].length
  const ratio = Math.min(1, fits / Math.max(1, now))
  const ok = now <= fits
  const fix = line.fix
  // The fix kept so far: each button adds to it.
  const base: FixEdit = fix
    ? {
        ...(fix.maxSpeedup !== null ? { maxSpeedup: fix.maxSpeedup } : {}),
        borrowNextGap: fix.borrowNextGap,
        acceptOverrun: fix.acceptOverrun,
      }
    : {}
  return (
    <div className="dub-fixes" data-testid="dub-fixes">
      <p className="dub-fix-meter-label">
        {ok ? t('fixMeterOk', { now, fits }) : t('fixMeter', { now, fits, cut: now - fits })}
      </p>
      <meter
        className="dub-fix-meter"
        min={0}
        max={1}
        low={0.99}
        optimum={1}
        value={ratio}
        aria-label={t('fixMeterAria')}
      />
      <div className="dub-actions">
        <Button
          disabled={busy || fix?.maxSpeedup === RAISED_SPEEDUP}
          onClick={() => onFix({ ...base, maxSpeedup: RAISED_SPEEDUP })}
        >
          {t('fixSpeed', { speed: RAISED_SPEEDUP })}
        </Button>
        <Button
          disabled={busy || fix?.borrowNextGap === true}
          onClick={() => onFix({ ...base, borrowNextGap: true })}
        >
          {t('fixGap')}
        </Button>
        <Button
          variant="quiet"
          disabled={busy || fix?.acceptOverrun === true}
          onClick={() => onFix({ ...base, acceptOverrun: true })}
        >
          {t('fixAccept')}
        </Button>
        {fix && (
          <Button variant="quiet" disabled={busy} onClick={() => onFix(null)}>
            {t('fixClear')}
          </Button>
        )}
      </div>
      <p className="dub-hint">{t('fixHint')}</p>
    </div>
  )
}

'use client'
import { useLocale, useTranslations } from '@/components/i18n/client-i18n'
import { BuyCreditsLink } from '@/components/payments/BuyCreditsLink'
import type { Job } from '@/lib/studio/use-synthesis-job'
import { MAX_CHARACTERS } from '@/lib/studio/text'

/** Characters (of the limit), the credit cost (with the voices' credit factors) and the balance, with a way to buy credits when it is short. */
export function CostLine({
  characters,
  cost,
  factored = false,
  balance,
}: {
  characters: number
  cost: number
  /** The cost includes a voice's credit factor (it differs from the characters counted). */
  factored?: boolean
  balance: number | null
}) {
  const t = useTranslations('studio.editor')
  const locale = useLocale()
  const number = (n: number) => n.toLocaleString(locale === 'en' ? 'en-US' : 'vi-VN')
  const notEnough = balance !== null && cost > balance
  return (
    <p className="studio-count" data-testid="char-count" aria-live="polite">
      <span data-over={characters > MAX_CHARACTERS ? 'true' : undefined}>
        {t('characters', { n: number(characters), max: number(MAX_CHARACTERS) })}
      </span>
      {' · '}
      <span data-testid="credit-cost">
        {t('cost', { n: number(cost) })}
        {factored ? ` ${t('costFactor')}` : null}
      </span>
      {balance !== null && (
        <>
          {' · '}
          <span data-over={notEnough ? 'true' : undefined}>{t('balance', { n: number(balance) })}</span>
          {notEnough && (
            <>
              {' '}
              <BuyCreditsLink />
            </>
          )}
        </>
      )}
    </p>
  )
}

/** Preview the reading, open the dictionary, synthesize (or cancel the running request) and its progress. */
export function SynthesisControls({
  job,
  previewing,
  canSynthesize,
  onPreview,
  onDictionary,
  onSynthesize,
  onCancel,
}: {
  job: Job | null
  previewing: boolean
  canSynthesize: boolean
  onPreview: () => void
  onDictionary: () => void
  onSynthesize: () => void
  onCancel: () => void
}) {
  const t = useTranslations('studio')
  return (
    <>
      <div className="studio-actions">
        <button type="button" className="btn btn-outline" onClick={onPreview} disabled={previewing}>
          {previewing ? t('preview.loading') : t('preview.button')}
        </button>
        <button type="button" className="btn btn-outline" onClick={onDictionary}>
          {t('dictionary.open')}
        </button>
        {job ? (
          <button type="button" className="btn btn-outline" onClick={onCancel}>
            {t('synth.cancel')}
          </button>
        ) : (
          <button type="button" className="btn btn-primary" onClick={onSynthesize} disabled={!canSynthesize}>
            {t('synth.button')}
          </button>
        )}
      </div>
      <div className="studio-progress" aria-live="polite">
        {job && (
          <>
            <label htmlFor="synth-progress">{t('synth.progress', { n: Math.round(job.progress) })}</label>
            <progress id="synth-progress" max={100} value={job.progress} data-testid="synth-progress" />
          </>
        )}
      </div>
    </>
  )
}

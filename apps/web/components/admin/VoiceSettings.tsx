'use client'
import { useState, type FormEvent } from 'react'
import { GENDERS, MAX_CREDIT_FACTOR, MIN_CREDIT_FACTOR, REGIONS, VOICE_TIERS } from '@loa/contracts/browser'
import { useTranslations } from '@/components/i18n/client-i18n'
import { useAdminApi, type CatalogueRow } from './admin-api'
import { useAdminCommand } from './use-admin-command'
import { VoiceSample } from './VoiceSample'

interface Values {
  name: string
  gender: string
  region: string
  level: string
  creditFactor: string
  rank: string
  active: boolean
}

const valuesOf = (row: CatalogueRow): Values => ({
  name: String(row.name ?? ''),
  gender: String(row.gender ?? ''),
  region: String(row.region ?? ''),
  level: String(row.level ?? 'BASIC'),
  creditFactor: String(row.creditFactor ?? 1),
  rank: String(row.rank ?? 0),
  active: Boolean(row.active),
})

/** A factor the API takes: a number within the bounds, at most two decimals. */
export const parseCreditFactor = (text: string): number | undefined => {
  const trimmed = text.trim().replace(',', '.')
  if (!/^\d+(\.\d{1,2})?$/.test(trimmed)) return undefined
  const n = Number(trimmed)
  return n >= MIN_CREDIT_FACTOR && n <= MAX_CREDIT_FACTOR ? n : undefined
}

/** What changed, as the catalogue's edit takes it; `error` names the field that cannot be sent. */
export const voiceChanges = (
  before: Values,
  after: Values,
): { body: Record<string, unknown>; error?: 'name' | 'creditFactor' | 'rank' } => {
  const body: Record<string, unknown> = {}
  if (!after.name.trim()) return { body, error: 'name' }
  const factor = parseCreditFactor(after.creditFactor)
  if (factor === undefined) return { body, error: 'creditFactor' }
  if (!/^-?\d+$/.test(after.rank.trim())) return { body, error: 'rank' }
  if (after.name.trim() !== before.name) body.name = after.name.trim()
  for (const key of ['gender', 'region', 'level'] as const)
    if (after[key] !== before[key]) body[key] = after[key]
  if (factor !== Number(before.creditFactor)) body.creditFactor = factor
  if (Number(after.rank) !== Number(before.rank)) body.rank = Number(after.rank)
  if (after.active !== before.active) body.active = after.active
  return { body }
}

/**
 * How one catalogue voice is sold, edited in place: display name, gender, region, tier, credit factor, order and
 * whether customers see it; its engine (eSpeak, neural, or the provider and its state), licence and sample.
 */
export function VoiceSettings({ row, onSaved }: { row: CatalogueRow; onSaved: () => void }) {
  const t = useTranslations('admin')
  const api = useAdminApi()
  const { busy, run } = useAdminCommand()
  const code = String(row.code)
  const [initial] = useState(() => valuesOf(row))
  const [values, setValues] = useState(initial)
  const [error, setError] = useState<string | null>(null)
  const set = <K extends keyof Values>(key: K, value: Values[K]) => setValues((v) => ({ ...v, [key]: value }))
  const id = (field: string) => `voice-${code}-${field}`
  const engine = String(row.engine ?? 'espeak')

  const save = async (event: FormEvent) => {
    event.preventDefault()
    const { body, error: invalid } = voiceChanges(initial, values)
    if (invalid) return setError(t(`voices.invalid.${invalid}`))
    if (!Object.keys(body).length) return setError(t('catalogue.nothingChanged'))
    setError(null)
    const done = await run(
      () => api.patch('voices', code, body),
      () => t('saved'),
    )
    if (done) onSaved()
  }

  const select = (field: 'gender' | 'region' | 'level', options: readonly string[], group: string) => (
    <div className="admin-field">
      <label htmlFor={id(field)}>{t(`voices.${field}`)}</label>
      <select id={id(field)} value={values[field]} onChange={(e) => set(field, e.target.value)}>
        {options.map((o) => (
          <option key={o} value={o}>
            {t(`voices.${group}.${o}`)}
          </option>
        ))}
      </select>
    </div>
  )

  return (
    <li className="admin-voice" data-testid={`voice-${code}`}>
      <form className="admin-form admin-edit-form" onSubmit={(e) => void save(e)} noValidate>
        <h3>
          {code}{' '}
          <small className="admin-muted">
            {engine === 'provider'
              ? t('voices.engines.provider', { provider: String(row.provider ?? '') })
              : t(`voices.engines.${engine === 'piper' ? 'piper' : 'espeak'}`)}
            {row.providerState === 'paused' && ` — ${t('voices.paused')}`}
            {row.licence ? ` — ${String(row.licence)}` : ''}
          </small>
        </h3>
        <div className="admin-form-grid">
          <div className="admin-field">
            <label htmlFor={id('name')}>{t('voices.displayName')}</label>
            <input id={id('name')} value={values.name} onChange={(e) => set('name', e.target.value)} />
          </div>
          {select('gender', GENDERS, 'genders')}
          {select('region', REGIONS, 'regions')}
          {select('level', VOICE_TIERS, 'tiers')}
          <div className="admin-field">
            <label htmlFor={id('factor')}>{t('voices.creditFactor')}</label>
            <input
              id={id('factor')}
              inputMode="decimal"
              value={values.creditFactor}
              onChange={(e) => set('creditFactor', e.target.value)}
            />
          </div>
          <div className="admin-field">
            <label htmlFor={id('rank')}>{t('voices.rank')}</label>
            <input
              id={id('rank')}
              inputMode="numeric"
              value={values.rank}
              onChange={(e) => set('rank', e.target.value)}
            />
          </div>
          <div className="admin-field">
            <label htmlFor={id('active')}>{t('voices.visible')}</label>
            <input
              id={id('active')}
              type="checkbox"
              checked={values.active}
              onChange={(e) => set('active', e.target.checked)}
            />
          </div>
        </div>
        {error && (
          <p className="admin-error" role="alert">
            {error}
          </p>
        )}
        <div className="admin-inline">
          <button
            type="submit"
            className="btn btn-primary"
            disabled={busy}
            aria-label={`${t('voices.save')} ${code}`}
          >
            {t('voices.save')}
          </button>
        </div>
      </form>
      <VoiceSample code={code} url={(row.sampleAudioUrl as string | null) ?? null} onChanged={onSaved} />
    </li>
  )
}

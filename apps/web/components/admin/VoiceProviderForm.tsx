'use client'
import { useState, type FormEvent } from 'react'
import { useTranslations } from '@/components/i18n/client-i18n'
import { Button } from '@/components/ui/Button'
import type { ProviderVoice, VoiceProvider, VoiceProviderInput } from './admin-api'

const KINDS = ['openai', 'azure', 'google', 'elevenlabs', 'fpt'] as const
const GENDERS = ['FEMALE', 'MALE'] as const
const REGIONS = ['NORTH', 'CENTRAL', 'SOUTH'] as const

const emptyVoice = (): ProviderVoice => ({
  code: '',
  providerVoice: '',
  name: '',
  gender: 'FEMALE',
  region: 'NORTH',
})

/** A number field's value: blank = the server's default. */
const numberOr = (value: string): number | undefined => (value.trim() === '' ? undefined : Number(value))

interface Draft {
  id: string
  kind: string
  baseUrl: string
  apiKeyEnv: string
  model: string
  concurrency: string
  timeoutMs: string
  maxRetries: string
  maxChars: string
  enabled: boolean
  voices: ProviderVoice[]
}

const draftOf = (p: VoiceProvider | undefined): Draft => ({
  id: p?.id ?? '',
  kind: p?.kind ?? 'openai',
  baseUrl: p?.baseUrl ?? '',
  apiKeyEnv: p?.apiKeyEnv ?? '',
  model: p?.model ?? '',
  concurrency: p ? String(p.concurrency) : '',
  timeoutMs: p ? String(p.timeoutMs) : '',
  maxRetries: p ? String(p.maxRetries) : '',
  maxChars: p?.maxChars ? String(p.maxChars) : '',
  enabled: p?.enabled ?? true,
  voices: p ? p.voices.map((v) => ({ ...v })) : [emptyVoice()],
})

/** The body the API takes (the key is never in it: only the name of the variable holding it). */
export const inputOf = (d: Omit<Draft, 'id'>): VoiceProviderInput => ({
  kind: d.kind,
  baseUrl: d.baseUrl.trim(),
  apiKeyEnv: d.apiKeyEnv.trim() || null,
  model: d.model.trim() || null,
  concurrency: numberOr(d.concurrency),
  timeoutMs: numberOr(d.timeoutMs),
  maxRetries: numberOr(d.maxRetries),
  maxChars: numberOr(d.maxChars) ?? null,
  enabled: d.enabled,
  voices: d.voices.map((v) => ({
    code: v.code.trim(),
    providerVoice: v.providerVoice.trim(),
    name: v.name.trim(),
    gender: v.gender,
    region: v.region,
    ...(v.languageCode ? { languageCode: v.languageCode } : {}),
  })),
})

/** The same provider with `enabled` changed (the screen's enable / disable). */
export const toggled = (p: VoiceProvider, enabled: boolean): VoiceProviderInput =>
  inputOf({ ...draftOf(p), enabled })

/**
 * Adds or changes a voice provider: kind, base URL, the environment variable holding its key (never the key),
 * limits, enabled, and its voices (Loa's code, the provider's voice id, name, gender, region). How each voice is
 * sold (tier, credit factor, order, visibility) is set afterwards with every other catalogue voice.
 */
export function VoiceProviderForm({
  provider,
  keyPrefix,
  busy,
  onSubmit,
  onCancel,
}: {
  /** The provider to change; undefined = a new one. */
  provider?: VoiceProvider
  keyPrefix: string
  busy: boolean
  onSubmit: (id: string, input: VoiceProviderInput) => void
  onCancel: () => void
}) {
  const t = useTranslations('admin')
  const [draft, setDraft] = useState<Draft>(() => draftOf(provider))
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }))
  const setVoice = (i: number, patch: Partial<ProviderVoice>) =>
    set(
      'voices',
      draft.voices.map((v, j) => (j === i ? { ...v, ...patch } : v)),
    )
  const submit = (event: FormEvent) => {
    event.preventDefault()
    onSubmit(draft.id.trim(), inputOf(draft))
  }
  const field = (key: 'baseUrl' | 'apiKeyEnv' | 'model', label: string, extra: object = {}) => (
    <label>
      {label}
      <input type="text" value={draft[key]} onChange={(e) => set(key, e.target.value)} {...extra} />
    </label>
  )
  const number = (key: 'concurrency' | 'timeoutMs' | 'maxRetries' | 'maxChars', label: string) => (
    <label>
      {label}
      <input type="number" min={0} step={1} value={draft[key]} onChange={(e) => set(key, e.target.value)} />
    </label>
  )

  const voiceText = (i: number, key: 'code' | 'providerVoice' | 'name', label: string) => (
    <label>
      {label}
      <input
        type="text"
        required
        value={draft.voices[i]![key]}
        onChange={(e) => setVoice(i, { [key]: e.target.value })}
      />
    </label>
  )
  const voiceChoice = <K extends 'gender' | 'region'>(
    i: number,
    key: K,
    label: string,
    options: readonly ProviderVoice[K][],
    messages: string,
  ) => (
    <label>
      {label}
      <select
        value={draft.voices[i]![key]}
        onChange={(e) => setVoice(i, { [key]: e.target.value as ProviderVoice[K] })}
      >
        {options.map((o) => (
          <option key={o} value={o}>
            {t(`${messages}.${o}`)}
          </option>
        ))}
      </select>
    </label>
  )

  return (
    <form
      className="admin-form admin-provider-form"
      onSubmit={submit}
      aria-label={provider ? t('providers.editOf', { id: provider.id }) : t('providers.add')}
    >
      {!provider && (
        <label>
          {t('providers.id')}
          <input
            type="text"
            required
            pattern="[a-z0-9][a-z0-9_\-]{0,49}"
            value={draft.id}
            onChange={(e) => set('id', e.target.value)}
          />
        </label>
      )}
      <label>
        {t('providers.kind')}
        <select value={draft.kind} onChange={(e) => set('kind', e.target.value)}>
          {KINDS.map((k) => (
            <option key={k} value={k}>
              {t(`providers.kinds.${k}`)}
            </option>
          ))}
        </select>
      </label>
      {field('baseUrl', t('providers.baseUrl'), { required: true, placeholder: 'http://gpu-box:8000/v1' })}
      {field('apiKeyEnv', t('providers.keyEnv', { prefix: keyPrefix }), {
        placeholder: `${keyPrefix}VIENEU`,
        autoComplete: 'off',
        spellCheck: false,
      })}
      <p className="admin-muted">{t('providers.keyHint', { prefix: keyPrefix })}</p>
      {field('model', t('providers.model'))}
      <div className="admin-inline">
        {number('concurrency', t('providers.concurrency'))}
        {number('timeoutMs', t('providers.timeoutMs'))}
        {number('maxRetries', t('providers.maxRetries'))}
        {number('maxChars', t('providers.maxChars'))}
      </div>
      <label className="admin-check">
        <input type="checkbox" checked={draft.enabled} onChange={(e) => set('enabled', e.target.checked)} />
        {t('providers.enabled')}
      </label>
      <fieldset>
        <legend>{t('providers.voices')}</legend>
        {draft.voices.map((_voice, i) => (
          <div key={i} className="admin-inline" role="group" aria-label={t('providers.voiceN', { n: i + 1 })}>
            {voiceText(i, 'code', t('providers.voiceCode'))}
            {voiceText(i, 'providerVoice', t('providers.providerVoice'))}
            {voiceText(i, 'name', t('voices.displayName'))}
            {voiceChoice(i, 'gender', t('voices.gender'), GENDERS, 'voices.genders')}
            {voiceChoice(i, 'region', t('voices.region'), REGIONS, 'voices.regions')}
            {draft.voices.length > 1 && (
              <Button
                variant="quiet"
                onClick={() =>
                  set(
                    'voices',
                    draft.voices.filter((_, j) => j !== i),
                  )
                }
              >
                {t('providers.removeVoice')}
              </Button>
            )}
          </div>
        ))}
        <Button variant="quiet" onClick={() => set('voices', [...draft.voices, emptyVoice()])}>
          {t('providers.addVoice')}
        </Button>
      </fieldset>
      <div className="admin-inline">
        <Button type="submit" variant="primary" busy={busy}>
          {t('providers.save')}
        </Button>
        <Button variant="quiet" onClick={onCancel}>
          {t('cancel')}
        </Button>
      </div>
    </form>
  )
}

/**
 * The back-office's catalogue edit forms as data: which fields each resource has, how a row becomes form values
 * and form values become the API's create / edit body, and how the API's validation answer maps to fields.
 * Names are the camelCase paths the web's HTTP client reads and writes (`translations.en.name`).
 */
import {
  BILLING_CYCLES,
  GENDERS,
  ORDER_TYPES,
  PACKAGE_FAMILIES,
  PACKAGE_KINDS,
  REGIONS,
  VOICE_PURPOSES,
  VOICE_TIERS,
} from '@loa/contracts/browser'

export type FieldKind = 'text' | 'textarea' | 'int' | 'money' | 'bool' | 'enum' | 'set' | 'lines' | 'datetime'

export interface FieldSpec {
  name: string
  kind: FieldKind
  /** Choices of `enum` and `set`. */
  options?: readonly string[]
  /** The row's key (code, slug): written on create, fixed afterwards. */
  key?: boolean
  required?: boolean
  /** What an empty input sends: `null` (clears the field), omitted, or an empty string. Default: omitted. */
  empty?: 'null' | 'omit' | 'blank'
}

export type FormValues = Record<string, string | boolean | string[]>
export type FieldErrors = Record<string, string>

const f = (name: string, kind: FieldKind, extra: Omit<FieldSpec, 'name' | 'kind'> = {}): FieldSpec => ({
  name,
  kind,
  ...extra,
})
const key = (name: string) => f(name, 'text', { key: true, required: true })
const req = (name: string, kind: FieldKind = 'text', options?: readonly string[]) =>
  f(name, kind, { required: true, ...(options ? { options } : {}) })
const nullable = (name: string, kind: FieldKind = 'text') => f(name, kind, { empty: 'null' })
const blank = (name: string, kind: FieldKind = 'textarea') => f(name, kind, { empty: 'blank' })

export const CATALOGUE_FIELDS: Record<string, FieldSpec[]> = {
  voices: [
    key('code'),
    req('name'),
    req('gender', 'enum', GENDERS),
    req('region', 'enum', REGIONS),
    req('features', 'set', VOICE_PURPOSES),
    f('level', 'enum', { options: VOICE_TIERS }),
    req('engineVoice'),
    f('provider', 'text'),
    nullable('attribution'),
    nullable('licence'),
    blank('description'),
    nullable('sampleAudioUrl'),
    nullable('avatarUrl'),
    f('hasDubbing', 'bool'),
    f('isSample', 'bool'),
    f('global', 'bool'),
    f('active', 'bool'),
    f('rank', 'int'),
  ],
  packages: [
    key('code'),
    req('name'),
    f('translations.en.name', 'text'),
    req('family', 'enum', PACKAGE_FAMILIES),
    req('type', 'enum', ORDER_TYPES),
    req('kind', 'enum', PACKAGE_KINDS),
    f('cycle', 'enum', { options: BILLING_CYCLES, empty: 'null' }),
    req('price', 'money'),
    nullable('originalPrice', 'money'),
    req('credits', 'money'),
    req('devices', 'int'),
    f('voiceClonings', 'int'),
    req('durationDays', 'int'),
    blank('description'),
    f('translations.en.description', 'textarea'),
    blank('highlights', 'lines'),
    f('translations.en.highlights', 'lines'),
    f('active', 'bool'),
    f('purchasable', 'bool'),
    f('isLandingPage', 'bool'),
    f('rank', 'int'),
  ],
  vouchers: [
    key('code'),
    req('title'),
    f('translations.en.title', 'text'),
    blank('description'),
    f('translations.en.description', 'textarea'),
    nullable('discountPercent', 'int'),
    nullable('discountAmount', 'money'),
    nullable('maxDiscount', 'money'),
    blank('packageCodes', 'lines'),
    f('audience', 'enum', { options: ['ALL', 'NEW_USER', 'PAID_USER'] }),
    nullable('startsAt', 'datetime'),
    nullable('endsAt', 'datetime'),
    nullable('usageLimit', 'int'),
    nullable('bannerImageUrl'),
    f('isPublic', 'bool'),
    f('showBanner', 'bool'),
    f('active', 'bool'),
  ],
  news: [
    key('slug'),
    req('title'),
    f('locale', 'enum', { options: ['vi', 'en'] }),
    f('blog', 'text'),
    blank('summary'),
    req('content', 'textarea'),
    nullable('thumbnailUrl'),
    f('author', 'text'),
    f('publishedAt', 'datetime'),
    f('active', 'bool'),
  ],
  'sample-scripts': [
    key('code'),
    req('purpose', 'enum', VOICE_PURPOSES),
    req('title'),
    req('text', 'textarea'),
    f('languageCode', 'text'),
    f('rank', 'int'),
    f('active', 'bool'),
  ],
}

/** Message key of a field's label: `translations.en.name` → `enName`. */
export const labelKey = (name: string): string =>
  name.startsWith('translations.en.') ? `en${name[16]!.toUpperCase()}${name.slice(17)}` : name

const read = (row: Record<string, unknown>, path: string): unknown =>
  path.split('.').reduce<unknown>((v, k) => (v && typeof v === 'object' ? (v as never)[k] : undefined), row)

const pad = (n: number) => String(n).padStart(2, '0')
/** An ISO instant as the `datetime-local` input shows it (the browser's time zone). */
const toLocalInput = (iso: string) => {
  const d = new Date(iso)
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`
}

/** A row (or nothing, for a new one) as form values. */
export const toForm = (fields: FieldSpec[], row: Record<string, unknown> | null): FormValues => {
  const values: FormValues = {}
  for (const field of fields) {
    const v = row ? read(row, field.name) : undefined
    if (field.kind === 'bool') values[field.name] = row ? Boolean(v) : field.name === 'active'
    else if (field.kind === 'set') values[field.name] = Array.isArray(v) ? v.map(String) : []
    else if (field.kind === 'lines') values[field.name] = Array.isArray(v) ? v.join('\n') : ''
    else if (field.kind === 'datetime') values[field.name] = typeof v === 'string' ? toLocalInput(v) : ''
    else values[field.name] = v === null || v === undefined ? '' : String(v)
  }
  return values
}

type Parsed = { ok: true; value: unknown } | { ok: false; error: string } | { ok: true; omit: true }

const parse = (field: FieldSpec, raw: string | boolean | string[]): Parsed => {
  if (field.kind === 'bool') return { ok: true, value: Boolean(raw) }
  if (field.kind === 'set') {
    const list = raw as string[]
    return field.required && !list.length ? { ok: false, error: 'required' } : { ok: true, value: list }
  }
  const text = String(raw).trim()
  if (field.kind === 'lines') {
    const list = text
      .split('\n')
      .map((l) => l.trim())
      .filter(Boolean)
    return { ok: true, value: list }
  }
  if (text === '') {
    if (field.required) return { ok: false, error: 'required' }
    if (field.empty === 'null') return { ok: true, value: null }
    if (field.empty === 'blank') return { ok: true, value: '' }
    return { ok: true, omit: true }
  }
  if (field.kind === 'int' || field.kind === 'money') {
    if (!/^-?\d+$/.test(text)) return { ok: false, error: 'integer' }
    const n = Number(text)
    if (field.kind === 'money' && n < 0) return { ok: false, error: 'notNegative' }
    return { ok: true, value: n }
  }
  if (field.kind === 'datetime') {
    const d = new Date(text)
    return Number.isNaN(d.getTime()) ? { ok: false, error: 'date' } : { ok: true, value: d.toISOString() }
  }
  return { ok: true, value: text }
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b)

/**
 * The create body (every field given) or the edit body (only what changed; an English field that changed sends
 * the whole `translations.en`, which the API stores as one object), with the fields that cannot be sent.
 */
export const toBody = (
  fields: FieldSpec[],
  values: FormValues,
  original: FormValues | null,
): { body: Record<string, unknown>; errors: FieldErrors } => {
  const body: Record<string, unknown> = {}
  const en: Record<string, unknown> = {}
  const errors: FieldErrors = {}
  let enChanged = false
  for (const field of fields) {
    if (original && field.key) continue
    const parsed = parse(field, values[field.name] ?? '')
    if (!parsed.ok) {
      errors[field.name] = parsed.error
      continue
    }
    const changed = !original || !same(values[field.name], original[field.name])
    if (field.name.startsWith('translations.en.')) {
      enChanged ||= changed
      if (!('omit' in parsed) && !(Array.isArray(parsed.value) && !parsed.value.length))
        en[field.name.slice(16)] = parsed.value
      continue
    }
    if (!changed || 'omit' in parsed) continue
    body[field.name] = parsed.value
  }
  if (enChanged || (!original && Object.keys(en).length)) body.translations = { en }
  return { body, errors }
}

const camel = (segment: string) => segment.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase())

/** Known validation keywords get their own message; anything else reads as "not valid". */
const KEYWORDS = new Set([
  'invalid_type',
  'too_small',
  'too_big',
  'invalid_format',
  'invalid_value',
  'custom',
])

/**
 * Field errors from the API's VALIDATION_FAILED answer (`details: [{ instancePath: "/translations/en/name",
 * keyword }]`): field name → message key under `catalogue.invalid`. Errors of the whole body (unknown keys) and
 * of fields the form does not show are left to the form-level message.
 */
export const serverFieldErrors = (fields: FieldSpec[], body: unknown): FieldErrors => {
  const details = (body as { details?: unknown } | undefined)?.details
  const errors: FieldErrors = {}
  if (!Array.isArray(details)) return errors
  for (const detail of details as { instancePath?: unknown; keyword?: unknown }[]) {
    if (typeof detail.instancePath !== 'string') continue
    const path = detail.instancePath.split('/').filter(Boolean)
    const field = fields.find((x) => {
      const parts = x.name.split('.')
      return parts.every((p, i) => camel(path[i] ?? '') === p)
    })
    if (!field) continue
    errors[field.name] ??= KEYWORDS.has(String(detail.keyword)) ? String(detail.keyword) : 'invalid'
  }
  return errors
}

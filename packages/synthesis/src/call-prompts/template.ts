/**
 * Call-prompt scripts (issue 30 §4): text with `{{variable}}` or `{{variable:type}}` placeholders. A typed value is
 * checked and written the way the normalizer reads it well (money with its unit, dates as dd/mm/yyyy, plates as
 * 29A-123.45, order codes spelled character by character); an untyped one is inserted as it is.
 */

export const VALUE_TYPES = ['text', 'money', 'date', 'plate', 'code', 'number', 'phone'] as const
export type ValueType = (typeof VALUE_TYPES)[number]

export interface ScriptVariable {
  name: string
  type: ValueType
}

export const MAX_VALUE_LENGTH = 500
const PLACEHOLDER = /\{\{\s*([\p{L}\p{N}_]+)\s*(?::\s*([a-z]+)\s*)?\}\}/gu

export class ScriptError extends Error {
  constructor(
    readonly code: 'CALL_PROMPT_SCRIPT_INVALID',
    message: string,
  ) {
    super(message)
  }
}

/** The script's variables in order of first use (a name used twice must keep one type). */
export const scriptVariables = (script: string): ScriptVariable[] => {
  const found = new Map<string, ValueType>()
  for (const m of script.matchAll(PLACEHOLDER)) {
    const name = m[1]!
    const type = (m[2] ?? 'text') as ValueType
    if (!(VALUE_TYPES as readonly string[]).includes(type))
      throw new ScriptError('CALL_PROMPT_SCRIPT_INVALID', `Unknown type '${type}' of {{${name}}}`)
    const before = found.get(name)
    if (before && before !== type)
      throw new ScriptError('CALL_PROMPT_SCRIPT_INVALID', `{{${name}}} is used as ${before} and as ${type}`)
    found.set(name, type)
  }
  const rest = script.replace(PLACEHOLDER, '')
  if (/\{\{|\}\}/.test(rest))
    throw new ScriptError('CALL_PROMPT_SCRIPT_INVALID', 'A {{ }} placeholder is not closed or not a name')
  return [...found].map(([name, type]) => ({ name, type }))
}

export type ValueCheck = { ok: true; spoken: string } | { ok: false; reason: ValueProblem }
export type ValueProblem = 'empty' | 'too_long' | 'money' | 'date' | 'plate' | 'code' | 'number' | 'phone'

const MONEY = /^(\d{1,3}(?:[.,\s]\d{3})+|\d+)\s*(?:đ|₫|đồng|vnđ|vnd)?$/iu
const DATE = /^(?:(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})|(\d{4})-(\d{2})-(\d{2}))$/
const PLATE =
  /^(\d{2})\s*-?\s*([A-Z]{1,2}\d?)\s*-?\s*(\d{3})\.?(\d{2})$|^(\d{2})\s*-?\s*([A-Z]{1,2}\d?)\s*-?\s*(\d{4})$/
const CODE = /^[A-Za-z0-9][A-Za-z0-9-_/.]{0,39}$/
const NUMBER = /^-?\d{1,3}(?:\.\d{3})*(?:,\d+)?$|^-?\d+(?:[.,]\d+)?$/
const PHONE = /^(?:\+84|0)\d{8,10}$/

const validDate = (d: number, m: number, y: number): boolean => {
  const date = new Date(Date.UTC(y, m - 1, d))
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d
}

const pad = (n: number) => String(n).padStart(2, '0')

/** Checks one value of a type and gives the text to insert into the script. */
export const checkValue = (type: ValueType, raw: string): ValueCheck => {
  const value = raw.trim().replace(/\s+/g, ' ')
  if (!value) return { ok: false, reason: 'empty' }
  if (value.length > MAX_VALUE_LENGTH) return { ok: false, reason: 'too_long' }
  switch (type) {
    case 'text':
      return { ok: true, spoken: value }
    case 'money': {
      const m = MONEY.exec(value)
      if (!m) return { ok: false, reason: 'money' }
      const amount = Number(m[1]!.replace(/[.,\s]/g, ''))
      if (!Number.isSafeInteger(amount)) return { ok: false, reason: 'money' }
      return { ok: true, spoken: `${String(amount).replace(/\B(?=(\d{3})+(?!\d))/g, '.')} đồng` }
    }
    case 'date': {
      const m = DATE.exec(value)
      if (!m) return { ok: false, reason: 'date' }
      const [d, mo, y] = m[1] ? [m[1], m[2], m[3]] : [m[6], m[5], m[4]]
      if (!validDate(Number(d), Number(mo), Number(y))) return { ok: false, reason: 'date' }
      return { ok: true, spoken: `${pad(Number(d))}/${pad(Number(mo))}/${y}` }
    }
    case 'plate': {
      const m = PLATE.exec(value.toUpperCase())
      if (!m) return { ok: false, reason: 'plate' }
      return {
        ok: true,
        spoken: m[1] ? `${m[1]}${m[2]}-${m[3]}.${m[4]}` : `${m[5]}${m[6]}-${m[7]}`,
      }
    }
    case 'code':
      // Spelled one character at a time: "DH2024" would otherwise be read as letters and a large number.
      if (!CODE.test(value)) return { ok: false, reason: 'code' }
      return { ok: true, spoken: [...value.toUpperCase().replace(/[-_/.]/g, '')].join(' ') }
    case 'number':
      return NUMBER.test(value) ? { ok: true, spoken: value } : { ok: false, reason: 'number' }
    case 'phone': {
      const digits = value.replace(/[\s.-]/g, '')
      return PHONE.test(digits)
        ? { ok: true, spoken: digits.replace(/^\+84/, '0') }
        : { ok: false, reason: 'phone' }
    }
  }
}

/** The script with every placeholder replaced by its (checked) spoken value. */
export const fillScript = (script: string, spoken: ReadonlyMap<string, string>): string =>
  script.replace(PLACEHOLDER, (_all, name: string) => spoken.get(name) ?? '')

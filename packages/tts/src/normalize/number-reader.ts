/**
 * Reads numbers the way a Northern newsreader does (see vi-reading-conventions.md, "Numbers").
 * Works on digit strings so that amounts beyond Number.MAX_SAFE_INTEGER stay exact.
 */
import { NormalizeError } from './errors.ts'

/** Plain digit names: used for digit-by-digit reading (phones, codes) where mốt/tư/lăm never apply. */
export const DIGIT_NAMES = ['không', 'một', 'hai', 'ba', 'bốn', 'năm', 'sáu', 'bảy', 'tám', 'chín'] as const

/** Words that vary between speakers; one call keeps one choice (the conventions' first is the default). */
export interface NumberWords {
  thousand: string
  billion: string
  /** Zero tens after hundreds: linh (default) or lẻ. */
  zeroTens: string
  /** 4 after "mươi": tư (North, Centre) or bốn (South: hai mươi bốn). */
  fourAfterTens: string
}

export const DEFAULT_NUMBER_WORDS: NumberWords = {
  thousand: 'nghìn',
  billion: 'tỷ',
  zeroTens: 'linh',
  fourAfterTens: 'tư',
}

const DIGITS_ONLY = /^\d+$/

function digitName(d: number): string {
  return DIGIT_NAMES[d] ?? ''
}

/** Units digit after "mươi" (21 → mốt, 24 → tư or bốn, 25 → lăm). */
function unitAfterMuoi(d: number, words: NumberWords): string {
  if (d === 1) return 'mốt'
  if (d === 4) return words.fourAfterTens
  if (d === 5) return 'lăm'
  return digitName(d)
}

/** Units digit after "mười" (11 → một, 14 → bốn, 15 → lăm). */
function unitAfterMuoiTen(d: number): string {
  return d === 5 ? 'lăm' : digitName(d)
}

/**
 * Reads a 3-digit group. `inner` means a higher group was already read, so a zero hundreds digit
 * is spoken ("không trăm") and a lone units digit takes "linh".
 */
function readGroup(value: number, inner: boolean, words: NumberWords): string[] {
  const h = Math.floor(value / 100)
  const t = Math.floor((value % 100) / 10)
  const u = value % 10
  const out: string[] = []
  if (h > 0 || inner) out.push(digitName(h), 'trăm')
  if (t === 0) {
    if (u > 0) {
      if (out.length > 0) out.push(words.zeroTens)
      out.push(digitName(u))
    }
  } else if (t === 1) {
    out.push('mười')
    if (u > 0) out.push(unitAfterMuoiTen(u))
  } else {
    out.push(digitName(t), 'mươi')
    if (u > 0) out.push(unitAfterMuoi(u, words))
  }
  return out
}

const GROUP_SCALES = ['', 'nghìn', 'triệu'] as const

/**
 * Reads a non-negative integer given as a digit string (leading zeros are ignored here; callers that
 * must voice them use readDigits). Groups of nine digits are chained with "tỷ" (1e12 → một nghìn tỷ).
 */
export function readIntegerDigits(digits: string, words: NumberWords = DEFAULT_NUMBER_WORDS): string {
  if (!DIGITS_ONLY.test(digits)) {
    throw new NormalizeError('NORMALIZE_INVALID_NUMBER', `not a digit string: ${JSON.stringify(digits)}`)
  }
  const trimmed = digits.replace(/^0+/, '')
  if (trimmed === '') return DIGIT_NAMES[0]
  return readBillions(trimmed, words).join(' ')
}

/** Chains nine-digit blocks with "tỷ" (iteratively, so a very long digit run cannot overflow the stack). */
function readBillions(digits: string, words: NumberWords): string[] {
  const firstLength = digits.length % 9 || 9
  const out = readBelowBillion(digits.slice(0, firstLength), false, words)
  for (let start = firstLength; start < digits.length; start += 9) {
    const block = digits.slice(start, start + 9)
    out.push(words.billion)
    if (/[1-9]/.test(block)) out.push(...readBelowBillion(block, true, words))
  }
  return out
}

function readBelowBillion(digits: string, inner: boolean, words: NumberWords): string[] {
  const groups: number[] = []
  for (let end = digits.length; end > 0; end -= 3) {
    groups.unshift(Number(digits.slice(Math.max(0, end - 3), end)))
  }
  const out: string[] = []
  let spoken = inner
  groups.forEach((value, index) => {
    const scaleIndex = groups.length - 1 - index
    // An all-zero group is skipped entirely (5.000.031 → năm triệu không trăm ba mươi mốt).
    if (value === 0) return
    out.push(...readGroup(value, spoken, words))
    const scale = scaleIndex === 1 ? words.thousand : GROUP_SCALES[scaleIndex]
    if (scale) out.push(scale)
    spoken = true
  })
  return out
}

/** Reads an integer (number, bigint or digit string, optionally signed) as Vietnamese words. */
export function readNumber(
  value: number | bigint | string,
  words: NumberWords = DEFAULT_NUMBER_WORDS,
): string {
  let text: string
  if (typeof value === 'number') {
    if (!Number.isSafeInteger(value)) {
      throw new NormalizeError('NORMALIZE_INVALID_NUMBER', `not a safe integer: ${value}`)
    }
    text = String(value)
  } else {
    text = String(value).trim()
  }
  const negative = /^[-−]/.test(text)
  const digits = negative ? text.slice(1) : text
  const read = readIntegerDigits(digits, words)
  return negative ? `âm ${read}` : read
}

/** Reads every digit by its plain name (phones, codes, leading zeros): 0912 → không chín một hai. */
export function readDigits(digits: string): string {
  const out: string[] = []
  for (const ch of digits) {
    const d = ch.charCodeAt(0) - 48
    if (d < 0 || d > 9) {
      throw new NormalizeError('NORMALIZE_INVALID_NUMBER', `not a digit string: ${JSON.stringify(digits)}`)
    }
    out.push(digitName(d))
  }
  return out.join(' ')
}

/**
 * Reads the part after a decimal mark: as a number when short and without a leading zero
 * (two digits: 37 → ba mươi bảy), otherwise digit by digit (07 → không bảy; 303 → ba không ba).
 */
export function readFraction(digits: string, words: NumberWords = DEFAULT_NUMBER_WORDS): string {
  if (digits.length <= 2 && !digits.startsWith('0')) return readIntegerDigits(digits, words)
  return readDigits(digits)
}

/** Reads a decimal given as integer and fractional digit strings: (3, 14) → ba phẩy mười bốn. */
export function readDecimal(
  integer: string,
  fraction: string,
  options: { mark?: 'phẩy' | 'chấm'; words?: NumberWords } = {},
): string {
  const words = options.words ?? DEFAULT_NUMBER_WORDS
  const negative = /^[-−]/.test(integer)
  const intDigits = negative ? integer.slice(1) : integer
  const read = `${readIntegerDigits(intDigits, words)} ${options.mark ?? 'phẩy'} ${readFraction(fraction, words)}`
  return negative ? `âm ${read}` : read
}

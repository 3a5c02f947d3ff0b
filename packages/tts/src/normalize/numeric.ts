/**
 * Parses a written number at a position of a word: Vietnamese separators ("." thousands, "," decimal),
 * English thousands with two or more commas (1,500,000), English decimals with one dot (2.5 → chấm),
 * a leading minus (- or U+2212). Quantifiers are bounded so a pathological word stays linear.
 */
import { readDecimal, readDigits, readIntegerDigits, type NumberWords } from './number-reader.ts'

const NUMBER =
  /[-−]?(?:\d{1,3}(?:\.\d{3}){1,8}(?:,\d{1,9})?(?![.\d])|\d{1,3}(?:,\d{3}){2,8}(?![,\d])|\d{1,30}(?:,\d{1,9}|\.\d{1,9}(?![.\d]))?)/y

export interface ParsedNumber {
  /** Offset just after the number in the word. */
  end: number
  negative: boolean
  /** Integer digits with separators removed. */
  integer: string
  /** Fractional digits ('' for an integer). */
  fraction: string
  /** Decimal mark as read: "," → phẩy, English "." → chấm. */
  mark: 'phẩy' | 'chấm'
}

export function parseNumberAt(word: string, pos: number): ParsedNumber | null {
  NUMBER.lastIndex = pos
  const m = NUMBER.exec(word)
  if (!m) return null
  let body = m[0]
  const negative = /^[-−]/.test(body)
  if (negative) body = body.slice(1)
  let integer = body
  let fraction = ''
  let mark: 'phẩy' | 'chấm' = 'phẩy'
  if (/^\d{1,3}(?:\.\d{3})+/.test(body)) {
    const [intPart = '', frac = ''] = body.split(',')
    integer = intPart.replace(/\./g, '')
    fraction = frac
  } else if (/^\d{1,3}(?:,\d{3}){2,}$/.test(body)) {
    integer = body.replace(/,/g, '')
  } else if (body.includes(',')) {
    ;[integer = '', fraction = ''] = body.split(',')
  } else if (body.includes('.')) {
    ;[integer = '', fraction = ''] = body.split('.')
    mark = 'chấm'
  }
  return { end: pos + m[0].length, negative, integer, fraction, mark }
}

/** Parses a whole word as a number, or null when anything else is in it. */
export function parseWholeNumber(word: string): ParsedNumber | null {
  const p = parseNumberAt(word, 0)
  return p && p.end === word.length ? p : null
}

/**
 * Reads a parsed number. Integers with a leading zero ("007") or too long to be a quantity are
 * read digit by digit; decimals read their fraction as a number when short.
 */
export function readParsed(p: ParsedNumber, words: NumberWords): string {
  let read: string
  if (p.fraction !== '') {
    read = readDecimal(p.integer, p.fraction, { mark: p.mark, words })
  } else if ((p.integer.length > 1 && p.integer.startsWith('0')) || p.integer.length > 18) {
    read = readDigits(p.integer)
  } else {
    read = readIntegerDigits(p.integer, words)
  }
  return p.negative ? `âm ${read}` : read
}

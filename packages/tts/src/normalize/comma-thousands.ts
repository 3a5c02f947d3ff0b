/**
 * English comma thousands in Vietnamese text (issue 27): "280,000 VND", "35,000đ", "$1,250", "30,000 vòng/phút".
 * A comma is a decimal mark in Vietnamese ("2,5 tỷ", "2,022 tỷ USD"), so one comma before three digits is read as
 * thousands only where a decimal cannot be meant:
 * - before money with no scale word between (a currency has no third decimal: "1,250 USD", "35,000đ", "$1,250");
 * - ",000" before a unit or a per-unit word ("30,000 vòng/phút", "2,000 km": nobody writes 2 km as "2,000").
 * A scale word after the number ("2,022 tỷ", "1,500 triệu đồng") keeps the decimal; so do percentages and a
 * leading 0 ("0,125 USD").
 */
import { readCurrencySuffix, SCALE_WORDS } from './currency.ts'
import { readUnit } from './units.ts'

const COMMA_GROUP = /^(US\$|\$|€|£|¥|₫)?([1-9]\d{0,2}),(\d{3})(.*)$/u
const PER_UNIT_WORD = /^\p{L}+\/[\p{L}\d²³]+$/u

const isMoney = (word: string) => !SCALE_WORDS.has(word.toLowerCase()) && readCurrencySuffix(word) !== null

/**
 * The word with its comma removed when the comma is a thousands separator ("280,000" before "VND" → "280000"),
 * else null. `following` is the next word of the sentence; `isUnitWord` tells a unit that may stand after a space.
 */
export function commaThousands(
  word: string,
  following: string | undefined,
  isUnitWord: (word: string) => boolean,
): string | null {
  const m = COMMA_GROUP.exec(word)
  if (!m) return null
  const [, prefix = '', head = '', tail = '', rest = ''] = m
  const zeros = tail === '000'
  const joined = `${prefix}${head}${tail}${rest}`
  if (rest !== '') {
    if (rest.startsWith('%')) return null
    const money = isMoney(rest.split('/')[0] ?? '')
    return money || (zeros && (readUnit(rest) !== null || rest.startsWith('/'))) ? joined : null
  }
  const next = following ?? ''
  if (SCALE_WORDS.has(next.toLowerCase()) || next === 'tr' || next === 'Tr') return null
  if (prefix !== '') return joined
  if (isMoney(next) || isMoney(next.split('/')[0] ?? '')) return joined
  return zeros && (isUnitWord(next) || PER_UNIT_WORD.test(next)) ? joined : null
}

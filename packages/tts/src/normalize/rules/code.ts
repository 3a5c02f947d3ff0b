/**
 * Alphanumeric codes: flight numbers (VJ122, VN7), product and model codes (RTX4090). Two or three capitals
 * glued to three or more digits are spelled and the digits read one by one — never a quantity, and the letters
 * never expanded as an abbreviation ("VN123" is a flight, not "việt nam một trăm hai mươi ba"). Road prefixes
 * (QL, ĐT, TL, HL, ĐH) are numbered roads, read as numbers by the abbreviation rule; short suffixes (U23, G7,
 * F1) stay numbers.
 */
import { previousWords } from '../context.ts'
import { spellLetters } from '../letters.ts'
import { readDigits } from '../number-reader.ts'
import type { Rule } from '../rule-types.ts'

const CODE = /^([A-Z]{2,3})(\d{3,5})([A-Z]?)$/
/** One capital, three to five digits and a capital: a model code ("Dell P2314H"), never a quantity. */
const MODEL = /^([A-Z])(\d{3,5})([A-Z])$/
const ROADS = new Set(['QL', 'ĐT', 'TL', 'HL', 'ĐH', 'DT'])
/** After "chuyến bay", "số hiệu" any flight number is a code (VN7, VJ22). */
const FLIGHT = /^([A-Z0-9]{2})(\d{1,4})$/
const FLIGHT_CUE = /(chuyến bay|chuyến|số hiệu|hiệu chuyến)$/

export const codeRule: Rule = (ctx, i) => {
  const token = ctx.tokens[i]
  if (!token) return null
  const m =
    CODE.exec(token.text) ??
    MODEL.exec(token.text) ??
    (FLIGHT_CUE.test(previousWords(ctx, i, 3).join(' ')) ? FLIGHT.exec(token.text) : null)
  if (!m || ROADS.has(m[1]!)) return null
  const parts = [spellLetters(m[1]!), readDigits(m[2]!)]
  if (m[3]) parts.push(spellLetters(m[3]))
  return {
    next: i + 1,
    frags: [{ text: parts.join(' '), kind: 'acronym', start: token.start, end: token.end, doubt: 'code' }],
  }
}

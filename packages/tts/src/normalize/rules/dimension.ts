/**
 * Dimensions and resolutions: "30x20x10" → ba mươi nhân hai mươi nhân mười, "1920x1080" → … nhân …, "2,5×3".
 * Also a legal document's number and year ("100/2019/NĐ-CP", "45/2024/QH15"): the slashes are read "trên" so the
 * number and the year never run together as one quantity.
 */
import { parseNumberAt, parseWholeNumber, readParsed } from '../numeric.ts'
import { readIntegerDigits } from '../number-reader.ts'
import { ABBREVIATIONS } from '../abbreviations.ts'
import { spellLetters } from '../letters.ts'
import type { Rule } from '../rule-types.ts'

const SIDE = '\\d+(?:[.,]\\d+)*'
const DIMENSION = new RegExp(`^${SIDE}(?:[x×]${SIDE}){1,3}$`)
const DOCUMENT = /^(\d{1,5})\/((?:19|20)\d{2})\/([\p{Lu}Đ][\p{L}\d-]{0,15})$/u

/** NĐ-CP → nghị định chính phủ, QH15 → quốc hội mười lăm, TT-BTC → thông tư bộ tài chính (known parts). */
const readIssuer = (code: string, words: Parameters<typeof readIntegerDigits>[1]): string =>
  code
    .split('-')
    .map((part) => {
      const m = /^(\p{Lu}+)(\d*)$/u.exec(part)
      const letters = m?.[1] ?? part
      const head = ABBREVIATIONS[letters] ?? spellLetters(letters)
      return m?.[2] ? `${head} ${readIntegerDigits(m[2], words)}` : head
    })
    .join(' ')

export const dimensionRule: Rule = (ctx, i) => {
  const token = ctx.tokens[i]
  if (!token) return null
  const text = token.text
  const doc = DOCUMENT.exec(text)
  if (doc) {
    const reading = [
      readIntegerDigits(doc[1]!, ctx.words),
      'trên',
      readIntegerDigits(doc[2]!, ctx.words),
      'trên',
      readIssuer(doc[3]!, ctx.words),
    ].join(' ')
    return { next: i + 1, frags: [{ text: reading, kind: 'number', start: token.start, end: token.end }] }
  }
  if (!DIMENSION.test(text)) return null
  const sides = text.split(/[x×]/).map((side) => parseWholeNumber(side) ?? parseNumberAt(side, 0))
  if (sides.some((s) => s === null)) return null
  const reading = sides.map((s) => readParsed(s!, ctx.words)).join(' nhân ')
  return { next: i + 1, frags: [{ text: reading, kind: 'number', start: token.start, end: token.end }] }
}

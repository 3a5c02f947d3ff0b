/**
 * Roman numerals, only after a trigger word (thế kỷ XXI, chương IV, Đại hội XIII, quý II, kỳ họp thứ
 * IV), as a heading number at the start of a line ("II. Nội dung"), or as a regnal number after a name
 * (Elizabeth II). After "thứ" they follow the ordinal rule.
 */
import { adjacentPreviousWord, isCapitalised, precededBy, previousWords } from '../context.ts'
import { readOrdinal, readYear } from '../calendar.ts'
import { readIntegerDigits } from '../number-reader.ts'
import type { Rule, RuleContext } from '../rule-types.ts'

const ROMAN = /^(M{0,3})(CM|CD|D?C{0,3})(XC|XL|L?X{0,3})(IX|IV|V?I{0,3})$/
const VALUES: Record<string, number> = { I: 1, V: 5, X: 10, L: 50, C: 100, D: 500, M: 1000 }
const TRIGGERS = [
  'thế kỷ',
  'thế kỉ',
  'chương',
  'phần',
  'khóa',
  'kỳ họp',
  'kì họp',
  'đại hội',
  'quý',
  'hạng',
  'tập',
  'mục',
  'hội nghị',
  'hội nghị trung ương',
  'trung ương',
  'kỳ',
  'kì',
  'đợt',
  'giai đoạn',
  'cấp',
  'bài',
  'phụ lục',
  'quyển',
  'tiết',
  'thế chiến',
  'chiến tranh thế giới',
  'world war',
  'vòng',
  'lần',
  'loại',
  'nhóm',
  'giải',
  'mùa',
  'season',
  'đoạn',
  'khoản',
  'điều',
  'số',
]

export function romanValue(text: string): number | null {
  // A lone L, C, D or M is a letter (độ C, hạng B), never a Roman numeral in running text.
  if (text === '' || !ROMAN.test(text) || /^[LCDM]$/.test(text)) return null
  let total = 0
  for (let k = 0; k < text.length; k++) {
    const v = VALUES[text[k] ?? ''] ?? 0
    const next = VALUES[text[k + 1] ?? ''] ?? 0
    total += v < next ? -v : v
  }
  return total > 0 ? total : null
}

/** A heading number: first on its line and followed by "." or ")" ("I. Mở đầu", "IV) Kết luận"). */
function isHeadingNumber(ctx: RuleContext, i: number): boolean {
  const after = ctx.tokens[i + 1]
  if (after?.type !== 'punct' || (after.text !== '.' && after.text !== ')')) return false
  let j = i - 1
  while (ctx.tokens[j]?.type === 'space' || ctx.tokens[j]?.type === 'drop') j--
  return j < 0 || ctx.tokens[j]?.type === 'newline'
}

function readRoman(ctx: RuleContext, i: number, text: string): string | null {
  const value = romanValue(text)
  if (value === null) return null
  const prev = adjacentPreviousWord(ctx, i)
  if (prev === 'thứ') return readOrdinal(value, ctx.words)
  if (precededBy(ctx, i, TRIGGERS) || isHeadingNumber(ctx, i))
    return readIntegerDigits(String(value), ctx.words)
  // "thế kỷ XII và VIII": the second numeral of a pair after a trigger.
  if (/^(và|đến|tới|hoặc)$/.test(prev) && /thế (kỷ|kỉ)|chương|khóa/.test(previousWords(ctx, i, 5).join(' ')))
    return readIntegerDigits(String(value), ctx.words)
  // Regnal numbers after a capitalised name: Elizabeth II, Louis XIV (never a lone I, V or X).
  let j = i - 1
  while (ctx.tokens[j]?.type === 'space') j--
  const before = ctx.tokens[j]
  if (text.length >= 2 && /^[IVX]+$/.test(text) && before?.type === 'word' && isCapitalised(before.text)) {
    return readIntegerDigits(String(value), ctx.words)
  }
  // A generation after a model name and its number: "Xperia 5 III", "Xperia 1 IV" (the third, the fourth).
  if (text.length >= 2 && /^[IVX]+$/.test(text) && /^\d{1,2}$/.test(before?.text ?? '')) {
    let k = j - 1
    while (ctx.tokens[k]?.type === 'space') k--
    const model = ctx.tokens[k]
    if (model?.type === 'word' && /^\p{Lu}[\p{Ll}\d]+$/u.test(model.text))
      return readIntegerDigits(String(value), ctx.words)
  }
  return null
}

export const romanRule: Rule = (ctx, i) => {
  const token = ctx.tokens[i]
  if (!token) return null
  let word = token.text
  // Lower-case numerals ("phần ix", "thế kỉ xix") only right after a trigger, never "i", "v" or "x" alone.
  if (/^[ivx]{2,8}$/.test(word) && precededBy(ctx, i, TRIGGERS)) word = word.toUpperCase()
  // Years in Roman numerals ("năm MCMXCIX") need at least three letters.
  const year = adjacentPreviousWord(ctx, i) === 'năm' && /^[MDCLXVI]{3,12}$/.test(word)
  if (year) {
    const value = romanValue(word)
    if (value === null) return null
    const text = readIntegerDigits(String(value), ctx.words)
    return { next: i + 1, frags: [{ text, kind: 'roman', start: token.start, end: token.end }] }
  }
  // "quý III/2024", "khóa XV/2021": the numeral, then the year.
  const ofYear = /^([IVXLCDM]+)[/-](\d{4})$/.exec(word)
  if (ofYear) {
    const a = readRoman(ctx, i, ofYear[1] ?? '')
    if (a === null) return null
    const text = `${a} năm ${readYear(ofYear[2] ?? '', ctx.words)}`
    return { next: i + 1, frags: [{ text, kind: 'roman', start: token.start, end: token.end }] }
  }
  if (!/^[IVXLCDM]+(?:[-–][IVXLCDM]+)?$/.test(word)) return null
  const [first = '', second] = word.split(/[-–]/)
  const a = readRoman(ctx, i, first)
  if (a === null) return null
  let text = a
  if (second !== undefined) {
    const b = romanValue(second)
    if (b === null) return null
    text += ` đến ${adjacentPreviousWord(ctx, i) === 'thứ' ? readOrdinal(b, ctx.words) : readIntegerDigits(String(b), ctx.words)}`
  }
  return { next: i + 1, frags: [{ text, kind: 'roman', start: token.start, end: token.end }] }
}

/**
 * Counts written with a leading zero, the habit of legal and administrative text: "02 bị cáo", "05 năm tù",
 * "ngày 08 tháng 6" read "hai", "năm", "tám" — a two-digit 0N followed by a word. Codes keep their digits
 * ("mã 05", "phòng 03"): after those words the zero is part of a name.
 */
import { adjacentPreviousWord, nextWordIndex } from '../context.ts'
import { readIntegerDigits } from '../number-reader.ts'
import type { Rule } from '../rule-types.ts'

const NAME_WORDS = new Set([
  'mã',
  'số',
  'phòng',
  'lớp',
  'biển',
  'tổ',
  'khu',
  'lô',
  'kênh',
  'tuyến',
  'đội',
  'cổng',
])

export const leadingZeroCountRule: Rule = (ctx, i) => {
  const token = ctx.tokens[i]
  if (!token || !/^0[1-9]$/.test(token.text)) return null
  const j = nextWordIndex(ctx, i)
  if (j < 0 || j !== i + 2 || !/^\p{Ll}/u.test(ctx.tokens[j]?.text ?? '')) return null
  if (NAME_WORDS.has(adjacentPreviousWord(ctx, i))) return null
  const text = readIntegerDigits(token.text.slice(1), ctx.words)
  return { next: i + 1, frags: [{ text, kind: 'number', start: token.start, end: token.end }] }
}

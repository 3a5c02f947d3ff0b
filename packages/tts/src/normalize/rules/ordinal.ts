/**
 * Ordinals after "thứ" (thứ 1 → thứ nhất, thứ 4 → thứ tư, thứ 2 → thứ hai, as a weekday too;
 * "thứ 2-6" → thứ hai đến thứ sáu) and months after "tháng" (tháng 4 → tháng tư).
 */
import { adjacentPreviousWord } from '../context.ts'
import { readMonth, readOrdinal } from '../calendar.ts'
import type { Rule } from '../rule-types.ts'

/** Weekday shorthands: T2 … T7, and ranges T2-T6, T2-CN. */
const WEEKDAYS = /^T([2-7])(?:[-–]T?([2-7]|CN))?$/

export const ordinalRule: Rule = (ctx, i) => {
  const token = ctx.tokens[i]
  if (!token) return null
  const weekday = WEEKDAYS.exec(token.text)
  if (weekday) {
    const day = (d: string): string => (d === 'CN' ? 'chủ nhật' : `thứ ${readOrdinal(Number(d), ctx.words)}`)
    const text = day(weekday[1] ?? '') + (weekday[2] ? ` đến ${day(weekday[2])}` : '')
    return { next: i + 1, frags: [{ text, kind: 'date', start: token.start, end: token.end }] }
  }
  const prev = adjacentPreviousWord(ctx, i)
  if (prev !== 'thứ' && prev !== 'tháng') return null
  const m = /^(\d{1,3})(?:[-–](\d{1,3}))?$/.exec(token.text)
  if (!m) return null
  const a = Number(m[1])
  const b = m[2] === undefined ? null : Number(m[2])
  if (prev === 'tháng') {
    if (a < 1 || a > 12 || (b !== null && (b < 1 || b > 12))) return null
    const text = readMonth(a, ctx.words) + (b === null ? '' : ` đến tháng ${readMonth(b, ctx.words)}`)
    return { next: i + 1, frags: [{ text, kind: 'date', start: token.start, end: token.end }] }
  }
  const text = readOrdinal(a, ctx.words) + (b === null ? '' : ` đến thứ ${readOrdinal(b, ctx.words)}`)
  return { next: i + 1, frags: [{ text, kind: 'ordinal', start: token.start, end: token.end }] }
}

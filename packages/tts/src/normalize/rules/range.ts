/**
 * A dash between numbers: a score after a trigger or between two team names (2-1 → hai một), a
 * formation (4-4-2 → bốn bốn hai), a subtraction before "=" or "bằng" (trừ), otherwise a range (10-20 → mười đến
 * hai mươi; 8h-17h; 20-25°C; 8-10h). Works glued ("10-20") or spaced ("10 - 20").
 */
import { isValidDate, readMonth } from '../calendar.ts'
import { isCapitalised, nextWordIndex, previousWords } from '../context.ts'
import { onExpressionLine } from '../expression.ts'
import { readDigits } from '../number-reader.ts'
import { parseWholeNumber, readParsed } from '../numeric.ts'
import type { Frag, Rule, RuleContext } from '../rule-types.ts'
import type { SpanKind } from '../types.ts'
import { readUnit } from '../units.ts'
import { readQuantityWord } from './quantity.ts'
import { readTimeWord } from './time.ts'

const FORMATION = /^\d(?:[-–]\d){2,3}$/
const SCORE_CUE =
  /(^| )(tỉ số|tỷ số|thắng|thua|thất bại|hòa|chung cuộc|cách biệt|đánh bại|vượt qua|gỡ hòa|dẫn trước|dẫn|kết quả|trận|hiệp|set|ván|bàn thắng|đè bẹp|hạ|cầm hòa|giành chiến thắng)( |$)/
const DASHES = new Set(['-', '–', '—'])

function isScoreContext(ctx: RuleContext, i: number, endIndex: number): boolean {
  if (SCORE_CUE.test(previousWords(ctx, i, 8).join(' '))) return true
  // Between two team names: "Việt Nam 2-1 Thái Lan".
  let j = i - 1
  while (ctx.tokens[j]?.type === 'space') j--
  const before = ctx.tokens[j]
  const k = nextWordIndex(ctx, endIndex)
  const after = k > 0 ? ctx.tokens[k] : undefined
  return (
    before?.type === 'word' &&
    isCapitalised(before.text) &&
    after !== undefined &&
    (isCapitalised(after.text) || /^\p{Lu}{2,}$/u.test(after.text))
  )
}

interface Side {
  text: string
  kind: SpanKind
  /** Integer value for score checks (NaN otherwise). */
  value: number
  time: boolean
}

function readSide(ctx: RuleContext, i: number, word: string): Side | null {
  const time = readTimeWord(word, ctx, i)
  if (time) return { text: time.text, kind: 'time', value: Number.NaN, time: true }
  const plain = parseWholeNumber(word)
  if (plain) {
    const value =
      plain.fraction === '' && plain.integer.length <= 3 && !plain.negative
        ? Number(plain.integer)
        : Number.NaN
    return { text: readParsed(plain, ctx.words), kind: 'number', value, time: false }
  }
  // "100MB/ảnh" at the end of "50–100MB/ảnh": a measure per thing (một trăm mê ga bai trên ảnh).
  const whole = readQuantityWord(ctx, word)
  const per = whole ? null : /^(\d[\d.,]*\p{L}{1,5})\/(\p{Ll}{1,10})$/u.exec(word)
  const q = whole ?? (per ? readQuantityWord(ctx, per[1]!) : null)
  if (!q || (per && q.kind !== 'unit')) return null
  const text = q.pendingCurrency ? `${q.text} ${q.pendingCurrency}` : q.text
  return { text: per ? `${text} trên ${per[2]}` : text, kind: q.kind, value: Number.NaN, time: false }
}

/** Whether "=" or "bằng" follows token `endIndex`: the dash was a minus ("15 - 7 = 8", "20-5 bằng 15"). */
function isEquation(ctx: RuleContext, endIndex: number): boolean {
  let j = endIndex + 1
  while (ctx.tokens[j]?.type === 'space') j++
  const next = ctx.tokens[j]?.text ?? ''
  return next.startsWith('=') || next.toLowerCase() === 'bằng' || onExpressionLine(ctx.tokens, endIndex)
}

function join(
  ctx: RuleContext,
  i: number,
  left: Side,
  right: Side,
  endIndex: number,
): { text: string; score: boolean } {
  if (left.kind === 'number' && right.kind === 'number' && isEquation(ctx, endIndex))
    return { text: `trừ ${right.text}`, score: false }
  const bothSmall =
    Number.isInteger(left.value) && Number.isInteger(right.value) && left.value <= 30 && right.value <= 30
  if (bothSmall && right.kind === 'number' && isScoreContext(ctx, i, endIndex)) {
    return { text: right.text, score: true }
  }
  // "220V-50Hz": two measures of different kinds side by side, not a range between them.
  const unitOf = (side: Side): string => side.text.split(' ').pop() ?? ''
  if (left.kind === 'unit' && right.kind === 'unit' && unitOf(left) !== unitOf(right))
    return { text: right.text, score: false }
  // "50-50", "3-3" outside a match: a pair of equal numbers is a split or a tie, never a range.
  if (Number.isInteger(left.value) && left.value === right.value) return { text: right.text, score: true }
  return { text: `đến ${right.text}`, score: false }
}

export const rangeRule: Rule = (ctx, i) => {
  const token = ctx.tokens[i]
  if (!token) return null
  const word = token.text
  if (FORMATION.test(word)) {
    const text = readDigits(word.replace(/\D/g, ''))
    return { next: i + 1, frags: [{ text, kind: 'score', start: token.start, end: token.end }] }
  }
  const dash = word.search(/(?<=[^-–−])[-–](?=[\d−$€£¥])/)
  if (dash > 0) {
    const left = readSide(ctx, i, word.slice(0, dash))
    const right = left ? readSide(ctx, i, word.slice(dash + 1)) : null
    if (!left || !right) return null
    const joined = join(ctx, i, left, right, i)
    // A descending pair that is a valid day-month ("30-4", "1-5" after it) is a date, not a range.
    const minus = joined.text.startsWith('trừ')
    const descending = !joined.score && !minus && left.value > right.value && right.kind === 'number'
    // "2-1" with no context: a descending pair of small numbers is a result, never a range.
    if (descending && left.value <= 12) {
      const text = `${left.text} ${right.text}`
      return { next: i + 1, frags: [{ text, kind: 'score', start: token.start, end: token.end }] }
    }
    if (descending && isValidDate(left.value, right.value)) {
      const text = `ngày ${left.text} tháng ${readMonth(right.value, ctx.words)}`
      return { next: i + 1, frags: [{ text, kind: 'date', start: token.start, end: token.end }] }
    }
    const text = `${left.text} ${joined.text}`
    const kind: SpanKind = joined.score ? 'score' : minus ? 'number' : 'range'
    return { next: i + 1, frags: [{ text, kind, start: token.start, end: token.end }] }
  }
  // Spaced: "10 - 20", "8h – 17h".
  let j = i + 1
  if (ctx.tokens[j]?.type === 'space') j++
  const dashToken = ctx.tokens[j]
  if (!dashToken || dashToken.type !== 'punct' || !DASHES.has(dashToken.text))
    return measureRange(ctx, i, word)
  let k = j + 1
  if (ctx.tokens[k]?.type === 'space') k++
  const rightToken = ctx.tokens[k]
  if (!rightToken || rightToken.type !== 'word') return null
  const left = readSide(ctx, i, word)
  const right = left ? readSide(ctx, k, rightToken.text) : null
  if (!left || !right) return null
  const joined = join(ctx, i, left, right, k)
  const kind: SpanKind = joined.score ? 'score' : joined.text.startsWith('trừ') ? 'number' : 'range'
  const frags: Frag[] = [
    { text: left.text, kind, start: token.start, end: token.end },
    { text: joined.text, kind, start: dashToken.start, end: rightToken.end },
  ]
  return { next: k + 1, frags }
}

/** The unit word at token k (after a space) and its reading; null when k is not a spaced unit word. */
function spacedUnit(ctx: RuleContext, k: number): { symbol: string; text: string } | null {
  const token = ctx.tokens[k]
  if (ctx.tokens[k - 1]?.type !== 'space' || token?.type !== 'word') return null
  const text = readUnit(token.text)
  return text ? { symbol: token.text, text } : null
}

/**
 * "60 Hz - 20 kHz", "5 cm – 2 m": two measures of one kind with their units written apart are a range (đến);
 * "220 V - 50 Hz" (two kinds) is left to the rules of each part. The right unit is read by the unit rule.
 */
function measureRange(ctx: RuleContext, i: number, word: string): { next: number; frags: Frag[] } | null {
  // Cheap shape checks first: most numbers are not followed by "unit -".
  if (!/^\d/.test(word) || ctx.tokens[i + 2]?.type !== 'word') return null
  let j = i + 3
  if (ctx.tokens[j]?.type === 'space') j++
  const dash = ctx.tokens[j]
  if (dash?.type !== 'punct' || !DASHES.has(dash.text)) return null
  const leftUnit = spacedUnit(ctx, i + 2)
  if (!leftUnit) return null
  let k = j + 1
  if (ctx.tokens[k]?.type === 'space') k++
  const rightToken = ctx.tokens[k]
  const rightUnit = spacedUnit(ctx, k + 2)
  const base = (symbol: string): string => symbol.replace(/^[kMGmcµn](?=[A-Za-z])/, '')
  if (!rightToken || !rightUnit || base(leftUnit.symbol) !== base(rightUnit.symbol)) return null
  const left = readSide(ctx, i, word)
  const right = left ? readSide(ctx, k, rightToken.text) : null
  if (!left || !right || left.kind !== 'number' || right.kind !== 'number') return null
  const token = ctx.tokens[i]!
  const unitToken = ctx.tokens[i + 2]!
  return {
    next: k + 1,
    frags: [
      { text: left.text, kind: 'range', start: token.start, end: token.end },
      { text: leftUnit.text, kind: 'unit', start: unitToken.start, end: unitToken.end },
      { text: `đến ${right.text}`, kind: 'range', start: dash.start, end: rightToken.end },
    ],
  }
}

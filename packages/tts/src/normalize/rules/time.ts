/**
 * Clock times and durations: 8h30, 8g30, 14h, 08:30, 08:30:15, 0h; mm:ss race times (minutes past 24
 * or after a race word) are durations. "8:30 AM" reads "sáng", "PM" "chiều"/"tối".
 */
import { nextWordIndex, previousWords } from '../context.ts'
import { readClock, readDuration } from '../calendar.ts'
import type { Rule, RuleContext } from '../rule-types.ts'

const HOUR_MARK = /^(\d{1,2})[hgH](?:(\d{2})(p|ph|phút|')?)?$/
const COLON = /^(\d{1,2}):(\d{2})(?::(\d{2}))?$/
const RACE_WORDS = new Set([
  'thành',
  'tích',
  'về',
  'đích',
  'chạy',
  'cán',
  'kỷ',
  'lục',
  'thời',
  'gian',
  'dài',
  'clip',
  'video',
  'bơi',
  'marathon',
])

export interface ClockReading {
  text: string
  /** The hour, for a following AM/PM word. */
  hour: number
}

/** Reads a word that is a time of day, or null. */
export function readTimeWord(word: string, ctx: RuleContext, i: number): ClockReading | null {
  // "3p20s", "12p03s": a duration in minutes and seconds.
  const ps = /^(\d{1,3})p(\d{1,2})s$/.exec(word)
  if (ps && Number(ps[2]) < 60)
    return { text: readDuration(null, Number(ps[1]), Number(ps[2]), ctx.words), hour: -1 }
  const h = HOUR_MARK.exec(word)
  if (h) {
    const hour = Number(h[1])
    const minute = h[2] === undefined ? null : Number(h[2])
    if (hour > 24 || (minute !== null && minute > 59)) return null
    const clock = readClock(hour, minute, null, ctx.words)
    // A written minute mark ("2h15p") is read: hai giờ mười lăm phút.
    const text = h[3] && minute !== null && minute > 0 && !clock.endsWith('phút') ? `${clock} phút` : clock
    return { text, hour }
  }
  const c = COLON.exec(word)
  if (c) {
    const a = Number(c[1])
    const b = Number(c[2])
    const s = c[3] === undefined ? null : Number(c[3])
    if (b > 59 || (s !== null && s > 59)) return null
    const before = previousWords(ctx, i, 4)
    // "tỷ lệ 3:10", "tỉ số 2:1" are ratios and scores, not clock times.
    if (/(tỷ|tỉ) (lệ|số)$/.test(before.join(' '))) return null
    const race = before.some((w) => RACE_WORDS.has(w))
    if (s === null && (a > 24 || race)) return { text: readDuration(null, a, b, ctx.words), hour: -1 }
    if (a > 24) return null
    if (s !== null && race) return { text: readDuration(a, b, s, ctx.words), hour: -1 }
    return { text: readClock(a, b, s, ctx.words), hour: a }
  }
  return null
}

/** The part of day AM/PM names after an hour; '' when a 24-hour clock already says it ("18:29PM"). */
function partOfDay(marker: string, hour: number): string {
  if (!/^p/i.test(marker)) return 'sáng'
  if (hour > 12) return ''
  return hour >= 6 && hour < 12 ? 'tối' : 'chiều'
}

export const timeRule: Rule = (ctx, i) => {
  const token = ctx.tokens[i]
  if (!token) return null
  // "8:30PM", "18:29PM": the marker glued to the clock.
  const glued = /^(\d{1,2}[:h]\d{2})(AM|am|PM|pm)$/.exec(token.text)
  if (glued) {
    const clock = readTimeWord(glued[1]!, ctx, i)
    if (!clock || clock.hour < 0) return null
    const part = partOfDay(glued[2]!, clock.hour)
    const text = part ? `${clock.text} ${part}` : clock.text
    return { next: i + 1, frags: [{ text, kind: 'time', start: token.start, end: token.end }] }
  }
  const time = readTimeWord(token.text, ctx, i)
  if (!time) return null
  const frags = [{ text: time.text, kind: 'time' as const, start: token.start, end: token.end }]
  const j = nextWordIndex(ctx, i)
  const after = j > 0 ? ctx.tokens[j] : undefined
  if (after && /^(AM|am|a\.m|PM|pm|p\.m)$/.test(after.text) && time.hour >= 0) {
    const part = partOfDay(after.text, time.hour)
    if (part) frags.push({ text: part, kind: 'time', start: after.start, end: after.end })
    return { next: j + 1, frags }
  }
  return { next: i + 1, frags }
}

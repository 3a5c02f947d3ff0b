/**
 * Dates: dd/mm/yyyy, dd-mm-yyyy, dd.mm.yyyy, yyyy-mm-dd → (ngày) D tháng M năm Y; mm/yyyy → (tháng)
 * M năm Y; day ranges 18-20/10 → mười tám đến hai mươi tháng mười; date ranges 18/10-20/10.
 * "ngày" is inserted when missing and never doubled; "mùng"/"mồng" written by the author stay.
 * A bare d/m is a date only when context says so (see fraction.ts for the other readings).
 */
import { adjacentPreviousWord, COUNTED_NOUNS, nextWordIndex, previousWords } from '../context.ts'
import { isValidDate, readMonth, readYear } from '../calendar.ts'
import { readIntegerDigits } from '../number-reader.ts'
import type { Frag, Rule, RuleContext } from '../rule-types.ts'

const FULL = /^(\d{1,2})([/.-])(\d{1,2})\2(\d{4}|\d{2})$/
const ISO = /^(\d{4})-(\d{2})-(\d{2})$/
const MONTH_YEAR = /^(\d{1,2})[/.-](\d{4})$/
/** Q1/2026, Q4-2025: a quarter of a year. */
const QUARTER_YEAR = /^Q([1-4])[/.-](\d{4})$/
const DAY_RANGE = /^(\d{1,2})\s?[-–]\s?(\d{1,2})[/.](\d{1,2})(?:[/.](\d{4}))?$/
const DATE_RANGE = /^(\d{1,2})\/(\d{1,2})(?:\/(\d{4}))?[-–](\d{1,2})\/(\d{1,2})(?:\/(\d{4}))?$/
const DAY_MONTH = /^(\d{1,2})\/(\d{1,2})$/
/** d-m or d.m: a date only right after a day word ("ngày 21-11", "hôm 5.10"). */
const DAY_MONTH_AFTER_DAY = /^(\d{1,2})[-.](\d{1,2})$/

/** Words right before a date that already say "day" (no "ngày" is added after them). */
const DAY_WORDS = new Set(['ngày', 'mùng', 'mồng', 'hôm'])
/** Words right before a bare d/m that make it a date. */
const DATE_BEFORE = new Set([
  'ngày',
  'mùng',
  'mồng',
  'hôm',
  'sáng',
  'trưa',
  'chiều',
  'tối',
  'đêm',
  'khuya',
  'rạng',
  'từ',
  'đến',
  'tới',
  'vào',
  'trước',
  'sau',
  'hạn',
  'dịp',
  'lễ',
  'tết',
  'nay',
  'qua',
  'mai',
  'hết',
  'đầu',
  'cuối',
  'và',
  'niệm',
  'khánh',
  'nhật',
  'sinh',
])
/** Words a little further back that make a bare d/m a date ("Quốc khánh 2/9", "ngày lễ 30/4"). */
const DATE_NEAR = new Set(['ngày', 'lễ', 'dịp', 'tết', 'hôm', 'kỷ', 'khánh', 'thứ', 'nhật', 'lúc', 'giỗ'])
/**
 * Words right before a d.m or d-m in running text that make it a day and month ("tối 14.7", "hôm nay 3.11",
 * "dịp lễ 30-4", "Quốc khánh 2-9"); a score or a time has none of them ("tỷ số 2-1", "lúc 7.30").
 */
const RUNNING_DATE_BEFORE = new Set([
  'hôm',
  'nay',
  'sáng',
  'trưa',
  'chiều',
  'tối',
  'đêm',
  'khuya',
  'mai',
  'lễ',
  'dịp',
  'khánh',
  'niệm',
  'tết',
  'giỗ',
])
/** With dots only (a dash after them is a range: "từ 3-5 ngày"): "từ 29.8 - 2.9", "ngày 22.8 và 26.8". */
const DOTTED_DATE_BEFORE = new Set(['từ', 'đến', 'tới', 'và', 'trước', 'sau'])
/** A measure after the number says it was a decimal or a range, not a date ("2.5 giờ", "3.5 mm"). */
const MEASURE_AFTER =
  /^(giờ|tiếng|phút|giây|điểm|lần|triệu|tỷ|tỉ|nghìn|ngàn|km|m|kg|g|mm|cm|inch|gb|mb|ghz|mah|lít|tấn|%|usd|đồng|đ|độ|tuổi|người|ngày|tháng)$/i

/** Whether a d.m / d-m in running text is a date by the words around it. */
function runningDate(ctx: RuleContext, i: number, dotted: boolean): boolean {
  const k = nextWordIndex(ctx, i)
  if (k > 0 && MEASURE_AFTER.test(ctx.tokens[k]?.text ?? '')) return false
  const adjacent = adjacentPreviousWord(ctx, i)
  if (RUNNING_DATE_BEFORE.has(adjacent) || (dotted && DOTTED_DATE_BEFORE.has(adjacent))) return true
  // "Sáng nay thứ bảy (22.8)": alone in brackets after a time-of-day word.
  const bracketed = ctx.tokens[i - 1]?.text === '(' && ctx.tokens[i + 1]?.text === ')'
  return bracketed && previousWords(ctx, i, 4).some((w) => RUNNING_DATE_BEFORE.has(w) || DATE_NEAR.has(w))
}

/** Right before a d/m these name a class, room or house ("lớp 10/3", "phòng 5/2"), whatever came earlier. */
const NOT_DATE_BEFORE = new Set(['lớp', 'phòng', 'số', 'nhà', 'hẻm', 'ngõ', 'ngách', 'kiệt', 'căn'])

function dayPrefix(ctx: RuleContext, i: number): string {
  return DAY_WORDS.has(adjacentPreviousWord(ctx, i)) ? '' : 'ngày '
}

function readDayMonth(day: number, month: number, ctx: RuleContext): string {
  return `${readIntegerDigits(String(day), ctx.words)} tháng ${readMonth(month, ctx.words)}`
}

function readYearPart(year: string | undefined, ctx: RuleContext): string {
  return year ? ` năm ${readYear(year, ctx.words)}` : ''
}

/** Whether a bare d/m at token i reads as a date. */
export function bareDateByContext(ctx: RuleContext, i: number): boolean {
  const k = nextWordIndex(ctx, i)
  if (k > 0 && COUNTED_NOUNS.has(ctx.tokens[k]?.text.toLowerCase() ?? '')) return false
  const adjacent = adjacentPreviousWord(ctx, i)
  if (DATE_BEFORE.has(adjacent)) return true
  if (NOT_DATE_BEFORE.has(adjacent)) return false
  return previousWords(ctx, i, 4).some((w) => DATE_NEAR.has(w))
}

const RANGE_WORDS = new Set(['đến', 'tới'])
/** Nouns after a range of two d/m that make both sides fractions ("3/5 đến 4/5 số phiếu", "… diện tích"). */
const FRACTION_OF = new Set([
  'số',
  'diện',
  'dân',
  'tổng',
  'lượng',
  'phần',
  'quãng',
  'chặng',
  'khối',
  'vốn',
  'cổ',
])

/** "3/5" → [3, 5] when it could be a proper fraction (1 ≤ top < bottom); null otherwise. */
function properFraction(text: string): readonly [number, number] | null {
  const m = DAY_MONTH.exec(text)
  const top = Number(m?.[1])
  const bottom = Number(m?.[2])
  return m && top >= 1 && top < bottom ? [top, bottom] : null
}

/** Two bare d/m joined by "đến"/"tới" ("từ 1/4 đến 1/3"): the token indexes of both sides, or null. */
function dayMonthPair(ctx: RuleContext, i: number): readonly [number, number] | null {
  const k = nextWordIndex(ctx, i)
  if (k > 0 && RANGE_WORDS.has(ctx.tokens[k]?.text.toLowerCase() ?? '')) {
    const m = nextWordIndex(ctx, k)
    if (m > 0 && DAY_MONTH.test(ctx.tokens[m]?.text ?? '')) return [i, m]
  }
  let j = i - 1
  while (ctx.tokens[j]?.type === 'space') j--
  if (!RANGE_WORDS.has(ctx.tokens[j]?.text.toLowerCase() ?? '')) return null
  j--
  while (ctx.tokens[j]?.type === 'space') j--
  return j >= 0 && DAY_MONTH.test(ctx.tokens[j]?.text ?? '') ? [j, i] : null
}

/**
 * Both sides of a range of two d/m that could each be a proper fraction are read alike: fractions when, read as
 * dates, the range would run backwards ("từ 1/4 đến 1/3") or a quantity noun follows ("3/5 đến 4/5 số phiếu"),
 * else what the first side's context says ('unsure-date' without a day word before it). Null when token i is not
 * such a range.
 */
export function dayMonthRange(ctx: RuleContext, i: number): 'date' | 'unsure-date' | 'fraction' | null {
  const pair = dayMonthPair(ctx, i)
  if (!pair) return null
  const a = properFraction(ctx.tokens[pair[0]]?.text ?? '')
  const b = properFraction(ctx.tokens[pair[1]]?.text ?? '')
  if (!a || !b) return null
  const backward = b[1] < a[1] || (b[1] === a[1] && b[0] <= a[0])
  const after = nextWordIndex(ctx, pair[1])
  const noun = after > 0 ? (ctx.tokens[after]?.text.toLowerCase() ?? '') : ''
  if (backward || FRACTION_OF.has(noun) || COUNTED_NOUNS.has(noun)) return 'fraction'
  if (!bareDateByContext(ctx, pair[0])) return 'fraction'
  // "ngày 1/4 đến 1/5" says it; "từ 3/5 đến 4/5" could be either.
  return DAY_WORDS.has(adjacentPreviousWord(ctx, pair[0])) ? 'date' : 'unsure-date'
}

function readDateWord(ctx: RuleContext, i: number, word: string): string | null {
  const full = FULL.exec(word)
  if (full) {
    const day = Number(full[1])
    const month = Number(full[3])
    const yearText = full[4] ?? ''
    // dd.mm.yy would be ambiguous with versions; two-digit years only with "/" or "-".
    if (yearText.length === 2 && full[2] === '.') return null
    if (!isValidDate(day, month, yearText.length === 4 ? Number(yearText) : undefined)) return null
    return `${dayPrefix(ctx, i)}${readDayMonth(day, month, ctx)}${readYearPart(yearText, ctx)}`
  }
  const iso = ISO.exec(word)
  if (iso) {
    const day = Number(iso[3])
    const month = Number(iso[2])
    if (!isValidDate(day, month, Number(iso[1]))) return null
    return `${dayPrefix(ctx, i)}${readDayMonth(day, month, ctx)}${readYearPart(iso[1], ctx)}`
  }
  const range = DAY_RANGE.exec(word)
  if (range) {
    const from = Number(range[1])
    const to = Number(range[2])
    const month = Number(range[3])
    if (!isValidDate(from, month) || !isValidDate(to, month) || from >= to) return null
    const first = readIntegerDigits(String(from), ctx.words)
    return `${first} đến ${readDayMonth(to, month, ctx)}${readYearPart(range[4], ctx)}`
  }
  const dates = DATE_RANGE.exec(word)
  if (dates) {
    const [d1, m1, d2, m2] = [dates[1], dates[2], dates[4], dates[5]].map(Number) as [
      number,
      number,
      number,
      number,
    ]
    if (!isValidDate(d1, m1) || !isValidDate(d2, m2)) return null
    const left = `${dayPrefix(ctx, i)}${readDayMonth(d1, m1, ctx)}${readYearPart(dates[3], ctx)}`
    return `${left} đến ngày ${readDayMonth(d2, m2, ctx)}${readYearPart(dates[6], ctx)}`
  }
  const quarter = QUARTER_YEAR.exec(word)
  if (quarter) return `quý ${readIntegerDigits(quarter[1] ?? '', ctx.words)}${readYearPart(quarter[2], ctx)}`
  const monthYear = MONTH_YEAR.exec(word)
  if (monthYear) {
    const month = Number(monthYear[1])
    if (month < 1 || month > 12) return null
    const prev = adjacentPreviousWord(ctx, i)
    // "quý 1/2026" keeps the quarter: quý một năm hai nghìn …
    if (prev === 'quý')
      return `${readIntegerDigits(String(month), ctx.words)}${readYearPart(monthYear[2], ctx)}`
    const lead = prev === 'tháng' ? '' : 'tháng '
    return `${lead}${readMonth(month, ctx.words)}${readYearPart(monthYear[2], ctx)}`
  }
  const dashed = DAY_MONTH_AFTER_DAY.exec(word)
  // "ngày 2-3 tháng 5" is a range of days; "ngày 21-11" a day and month.
  const k = nextWordIndex(ctx, i)
  const monthFollows = k > 0 && ctx.tokens[k]?.text.toLowerCase() === 'tháng'
  if (dashed && !monthFollows && DAY_WORDS.has(adjacentPreviousWord(ctx, i))) {
    const day = Number(dashed[1])
    const month = Number(dashed[2])
    if (isValidDate(day, month)) return readDayMonth(day, month, ctx)
  }
  if (dashed && !monthFollows && runningDate(ctx, i, word.includes('.'))) {
    const day = Number(dashed[1])
    const month = Number(dashed[2])
    if (isValidDate(day, month)) return `${dayPrefix(ctx, i)}${readDayMonth(day, month, ctx)}`
  }
  const dayMonth = DAY_MONTH.exec(word)
  const paired = dayMonth ? dayMonthRange(ctx, i) : null
  if (dayMonth && paired !== 'fraction' && (paired !== null || bareDateByContext(ctx, i))) {
    const day = Number(dayMonth[1])
    const month = Number(dayMonth[2])
    if (!isValidDate(day, month)) return null
    return `${dayPrefix(ctx, i)}${readDayMonth(day, month, ctx)}`
  }
  return null
}

export const dateRule: Rule = (ctx, i) => {
  const token = ctx.tokens[i]
  if (!token) return null
  const text = readDateWord(ctx, i, token.text)
  if (!text) return null
  // A d.m or d-m in running text was read as a date from its neighbours alone, or a range of two d/m that could
  // be fractions ("từ 3/5 đến 4/5"): the studio asks first.
  const running =
    (DAY_MONTH_AFTER_DAY.test(token.text) && !DAY_WORDS.has(adjacentPreviousWord(ctx, i))) ||
    (DAY_MONTH.test(token.text) && dayMonthRange(ctx, i) === 'unsure-date')
  const frags: Frag[] = [
    {
      text,
      kind: 'date',
      start: token.start,
      end: token.end,
      ...(running ? { doubt: 'date-or-number' as const } : {}),
    },
  ]
  // "30/4 - 1/5": a spaced dash between two dates reads "đến".
  let j = i + 1
  if (ctx.tokens[j]?.type === 'space') j++
  const dash = ctx.tokens[j]
  if (dash?.type === 'punct' && /^[-–—]$/.test(dash.text)) {
    let k = j + 1
    if (ctx.tokens[k]?.type === 'space') k++
    const right = ctx.tokens[k]
    const rightText = right?.type === 'word' ? readDateWord(ctx, i, right.text) : null
    if (right && rightText) {
      const withDay =
        rightText.startsWith('ngày') || rightText.startsWith('tháng') ? rightText : `ngày ${rightText}`
      frags.push({ text: `đến ${withDay}`, kind: 'date', start: dash.start, end: right.end })
      return { next: k + 1, frags }
    }
  }
  return { next: i + 1, frags }
}

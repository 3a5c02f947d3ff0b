/**
 * A slash between numbers that is not a date: a fraction (2/3 hai phần ba, 1/4 một phần tư), a rating
 * or "24/7"-style phrase (trên), or a house number (45/12 Lê Lợi → bốn mươi lăm trên mười hai).
 * Context decides; a bare small proper fraction (1/2, 3/4) defaults to a fraction, a bare valid day/month
 * (30/4) to a date.
 */
import {
  adjacentPreviousWord,
  COUNTED_NOUNS,
  isCapitalised,
  nextWordIndex,
  previousWords,
} from '../context.ts'
import { isValidDate, readMonth } from '../calendar.ts'
import { readIntegerDigits } from '../number-reader.ts'
import { parseWholeNumber, readParsed } from '../numeric.ts'
import type { Rule, RuleContext } from '../rule-types.ts'
import { readUnit } from '../units.ts'

const RATIO = /^(\d{1,4}):(\d{1,4})$/
const SLASHED = /^([-−]?\d{1,5}(?:[.,]\d{1,3})?)\/(\d{1,5})$/
const HOUSE = /^(\d{1,4}[A-Za-z]?)(?:\/(\d{1,4}[A-Za-z]?)){1,3}$/
const HOUSE_BEFORE = new Set([
  'số',
  'nhà',
  'hẻm',
  'ngõ',
  'ngách',
  'kiệt',
  'chỉ',
  'lô',
  'căn',
  'hộ',
  'phòng',
  'lớp',
  'đ/c',
])
const HOUSE_AFTER = new Set([
  'đường',
  'phố',
  'hẻm',
  'ngõ',
  'kiệt',
  'ngách',
  'khu',
  'tổ',
  'ấp',
  'thôn',
  'quốc',
  'tỉnh',
])
/** Before these "a/b" is read "a trên b": ratings, and a position out of a total ("trang 1/10", "câu 3/20"). */
const RATING_BEFORE = new Set([
  'điểm',
  'chấm',
  'giá',
  'sao',
  'rating',
  'đạt',
  'được',
  'trang',
  'câu',
  'bước',
  'cấp',
  'độ',
  'mức',
  'level',
  // "huyết áp 120/80"
  'áp',
])
const FRACTION_BEFORE = new Set([
  'chiếm',
  'khoảng',
  'gần',
  'hơn',
  'bằng',
  'tỷ',
  'tỉ',
  'lệ',
  'giảm',
  'tăng',
  'còn',
  'mất',
  'lấy',
  'uống',
  'ăn',
  'cắt',
  'chia',
  'nhân',
  'cộng',
  'trừ',
  'là',
  'có',
  'đến',
  'tới',
  'từ',
  'xuống',
  'lên',
])
const FRACTION_AFTER = new Set([
  'số',
  'dân',
  'diện',
  'tổng',
  'trong',
  'của',
  'phần',
  'chiếc',
  'cái',
  'quãng',
  'thời',
  'lượng',
  'cốc',
  'ly',
  'bát',
  'quả',
  'người',
  'giá',
  'mức',
  'lần',
])

function readPart(part: string, ctx: RuleContext): string {
  const m = /^(\d+)([A-Za-z]?)$/.exec(part)
  const digits = m?.[1] ?? part
  const letter = m?.[2] ? ` ${m[2].toLowerCase()}` : ''
  return `${readIntegerDigits(digits, ctx.words)}${letter}`
}

function isHouseContext(ctx: RuleContext, i: number, couldBeDate: boolean): boolean {
  if (HOUSE_BEFORE.has(adjacentPreviousWord(ctx, i))) return true
  const j = nextWordIndex(ctx, i)
  const next = j > 0 ? (ctx.tokens[j]?.text ?? '') : ''
  if (HOUSE_AFTER.has(next.toLowerCase())) return true
  if (!isCapitalised(next) || ctx.tokens[i + 1]?.type !== 'space') return false
  if (!couldBeDate) return true
  // "12/5 Lê Lợi" (a street: two capitalised words) but "12/5 Tổng thống …" (a date).
  const k = nextWordIndex(ctx, j)
  return k > 0 && isCapitalised(ctx.tokens[k]?.text ?? '')
}

function isDateLike(word: string): boolean {
  const [d, m, ...rest] = word.split('/')
  return rest.length === 0 && /^\d+$/.test(`${d}${m}`) && isValidDate(Number(d), Number(m))
}

export const fractionRule: Rule = (ctx, i) => {
  const token = ctx.tokens[i]
  if (!token) return null
  const word = token.text
  const single = (text: string, kind: 'fraction' | 'number') => ({
    next: i + 1,
    frags: [{ text, kind, start: token.start, end: token.end }],
  })
  // "1/2kg", "3/4m": a fraction of a unit.
  const ofUnit = /^(\d{1,3})\/(\d{1,3})([\p{L}²³°]{1,5})$/u.exec(word)
  // A single capital after a house number is a suffix (5/2A), not amperes.
  const unit = ofUnit && !/^\p{Lu}$/u.test(ofUnit[3] ?? '') ? readUnit(ofUnit[3] ?? '') : null
  if (ofUnit && unit) {
    const d = Number(ofUnit[2])
    const bottom = d === 4 ? 'tư' : readIntegerDigits(ofUnit[2] ?? '', ctx.words)
    return single(`${readIntegerDigits(ofUnit[1] ?? '', ctx.words)} phần ${bottom} ${unit}`, 'fraction')
  }
  const house = HOUSE.exec(word)
  if (
    house &&
    adjacentPreviousWord(ctx, i) !== 'vòng' &&
    (word.split('/').length > 2 || /[A-Za-z]/.test(word) || isHouseContext(ctx, i, isDateLike(word)))
  ) {
    return single(
      word
        .split('/')
        .map((p) => readPart(p, ctx))
        .join(' trên '),
      'number',
    )
  }
  const ratio = RATIO.exec(word)
  if (ratio) {
    // Times took every valid h:mm already; what is left ("3:1", "tỷ lệ 16:9") is a ratio.
    const [a, b] = [ratio[1] ?? '', ratio[2] ?? ''].map((d) => readIntegerDigits(d, ctx.words))
    return single(
      `${a} ${/(tỷ|tỉ) số$/.test(previousWords(ctx, i, 2).join(' ')) ? '' : 'trên '}${b}`,
      'fraction',
    )
  }
  // "1.500/4.000 y bác sĩ": a count out of a total, written with thousands dots.
  const counts = /^(\d{1,3}(?:\.\d{3})+|\d{1,5})\/(\d{1,3}(?:\.\d{3})+)$/.exec(word)
  const [part, whole] = [counts?.[1], counts?.[2]].map((n) => (n ? parseWholeNumber(n) : null))
  if (part && whole)
    return single(`${readParsed(part, ctx.words)} trên ${readParsed(whole, ctx.words)}`, 'fraction')
  const m = SLASHED.exec(word)
  if (!m) return null
  const top = parseWholeNumber(m[1] ?? '')
  if (!top) return null
  const numerator = Number((m[1] ?? '').replace(',', '.'))
  const denominator = Number(m[2])
  const topText = readParsed(top, ctx.words)
  const bottomText = readIntegerDigits(m[2] ?? '', ctx.words)
  const prev = adjacentPreviousWord(ctx, i)
  const j = nextWordIndex(ctx, i)
  const next = j > 0 ? (ctx.tokens[j]?.text.toLowerCase() ?? '') : ''
  // A count out of a total ("thắng 2/9 trận") is "trên"; a knockout round ("vòng 1/8") is a fraction.
  if (prev === 'vòng' && numerator < denominator) return single(`${topText} phần ${bottomText}`, 'fraction')
  if (COUNTED_NOUNS.has(next) && numerator <= denominator)
    return single(`${topText} trên ${bottomText}`, 'fraction')
  if (
    // "24/7", "24/24": round the clock.
    (numerator === 24 && (denominator === 7 || denominator === 24)) ||
    RATING_BEFORE.has(prev) ||
    next === 'sao' ||
    next === 'điểm' ||
    previousWords(ctx, i, 3).includes('điểm')
  ) {
    return single(`${topText} trên ${bottomText}`, 'fraction')
  }
  const cue =
    FRACTION_BEFORE.has(prev) || (FRACTION_AFTER.has(next) && !isCapitalised(ctx.tokens[j]?.text ?? ''))
  const properSmall = Number.isInteger(numerator) && numerator < denominator && denominator <= 10
  if (
    !cue &&
    !properSmall &&
    numerator > 0 &&
    Number.isInteger(numerator) &&
    isValidDate(numerator, denominator)
  ) {
    // A bare valid day/month (30/4, 20/11): a date.
    return {
      next: i + 1,
      frags: [
        {
          text: `ngày ${readIntegerDigits(String(numerator), ctx.words)} tháng ${readMonth(denominator, ctx.words)}`,
          kind: 'date',
          start: token.start,
          end: token.end,
        },
      ],
    }
  }
  // "120/80 mmHg", "100/3": more than a whole and never a day — a ratio read "trên", not "phần".
  if (denominator === 0 || (!cue && numerator > denominator && numerator > 31))
    return single(`${topText} trên ${bottomText}`, 'fraction')
  const bottom = denominator === 4 ? 'tư' : bottomText
  return single(`${topText} phần ${bottom}`, 'fraction')
}

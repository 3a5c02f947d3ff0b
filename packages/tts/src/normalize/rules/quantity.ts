/**
 * Amounts: cardinals, decimals, negatives, percent, currency (đ, VND, $, USD, €, shorthand 300k, 2tr5),
 * units (5km, 25°C, 100m2, 1m68) and "/tháng"-style rates. The number may be glued to its unit or
 * separated by a space ("5 km", "1.500.000 đ", "$1,5 triệu").
 */
import { nextWordIndex, previousWords } from '../context.ts'
import {
  CURRENCY_CODES,
  CURRENCY_PREFIX_PATTERN,
  SCALE_WORDS,
  readCurrencyPrefix,
  readCurrencySuffix,
  scaleShorthand,
} from '../currency.ts'
import { commaThousands } from '../comma-thousands.ts'
import { letterName } from '../letters.ts'
import { readIntegerDigits, readNumber } from '../number-reader.ts'
import { parseNumberAt, readParsed, type ParsedNumber } from '../numeric.ts'
import type { Frag, Rule, RuleContext } from '../rule-types.ts'
import type { SpanKind } from '../types.ts'
import { readPer, readUnit } from '../units.ts'

export interface QuantityReading {
  text: string
  kind: SpanKind
  /** Set when a prefix currency must be spoken after a following scale word ("$1,5 triệu"). */
  pendingCurrency?: string
  /** True when the word is only a number (a following unit word may attach). */
  bare: boolean
  number: ParsedNumber
}

function scaleWord(ctx: RuleContext, reading: 'nghìn' | 'triệu' | 'tỷ'): string {
  if (reading === 'nghìn') return ctx.words.thousand
  if (reading === 'tỷ') return ctx.words.billion
  return reading
}

/** Reads "/tháng", "/kg"… after an amount: "trên tháng". */
function readPerSuffix(rest: string): string | null {
  if (!rest.startsWith('/')) return null
  const per = readPer(rest.slice(1))
  return per === null ? null : `trên ${per}`
}

/** Money shorthands of price lists: "5 tr.đ" năm triệu đồng, "200 ng.đ" hai trăm nghìn đồng. */
function moneyShorthand(ctx: RuleContext, word: string): string | null {
  const w = word.toLowerCase()
  if (w === 'tr.đ' || w === 'trđ') return 'triệu đồng'
  if (w === 'ng.đ' || w === 'ngđ') return `${ctx.words.thousand} đồng`
  return null
}

/** Reads what follows the number inside one word; null when the rest is not an amount suffix. */
function readSuffix(
  ctx: RuleContext,
  number: ParsedNumber,
  rest: string,
): { text: string; kind: SpanKind } | null {
  const base = readParsed(number, ctx.words)
  if (rest === '') return { text: base, kind: number.fraction === '' ? 'number' : 'decimal' }
  if (rest === '%') return { text: `${base} phần trăm`, kind: 'percent' }
  if (rest.startsWith('%/')) {
    const per = readPerSuffix(rest.slice(1))
    if (per) return { text: `${base} phần trăm ${per}`, kind: 'percent' }
  }
  if (rest === '+') return { text: `${base} cộng`, kind: 'number' }
  const money = moneyShorthand(ctx, rest)
  if (money) return { text: `${base} ${money}`, kind: 'currency' }
  // Heights and lengths written 1m68: một mét sáu mươi tám. "75m2"/"12m3" are an area and a volume: a single
  // 2 or 3 after more than two metres is the unit's exponent, not centimetres.
  const height = /^m(\d{1,2})$/.exec(rest)
  const exponent = /^m[23]$/.test(rest) && Number(number.integer) > 2
  if (height && !exponent && number.fraction === '' && number.integer.length <= 2) {
    return { text: `${base} mét ${readIntegerDigits(height[1] ?? '', ctx.words)}`, kind: 'unit' }
  }
  const slash = rest.indexOf('/')
  const head = slash > 0 ? rest.slice(0, slash) : rest
  const per = slash > 0 ? readPerSuffix(rest.slice(slash)) : ''
  const currency = readCurrencySuffix(head)
  if (currency && per !== null)
    return { text: `${base} ${currency}${per ? ` ${per}` : ''}`, kind: 'currency' }
  const unit = readUnit(rest)
  if (unit) return { text: `${base} ${unit}`, kind: rest === '%' ? 'percent' : 'unit' }
  const shorthand = /^(k|K|tr|Tr|triệu|tỷ|tỉ|ty|M|B|nghìn|ngàn)(\d{1,3})?(.*)$/u.exec(rest)
  if (shorthand) {
    const scale = scaleShorthand(shorthand[1] ?? '')
    const tail = shorthand[3] ?? ''
    const tailReading = tail === '' ? '' : (readCurrencyOrUnit(tail) ?? readPerSuffix(tail))
    if (scale && tailReading !== null) {
      let text = `${base} ${scaleWord(ctx, scale.reading)}`
      const remainder = shorthand[2]
      if (remainder) {
        // 2tr5 → 2 triệu 500 nghìn: the digits after the scale are its leading sub-digits.
        const padded = remainder.padEnd(3, '0')
        const below = scale.zeros - 3
        const lower = below === 0 ? '' : below === 3 ? ctx.words.thousand : 'triệu'
        text += ` ${readIntegerDigits(padded, ctx.words)}${lower ? ` ${lower}` : ''}`
      }
      if (tailReading) text += ` ${tailReading}`
      return {
        text,
        kind: tail === '' || !readCurrencySuffix(tail.split('/')[0] ?? '') ? 'number' : 'currency',
      }
    }
  }
  const perOnly = readPerSuffix(rest)
  if (perOnly) return { text: `${base} ${perOnly}`, kind: 'number' }
  return null
}

function readCurrencyOrUnit(symbol: string): string | null {
  const slash = symbol.indexOf('/')
  if (slash > 0) {
    const left = readCurrencySuffix(symbol.slice(0, slash)) ?? readUnit(symbol.slice(0, slash))
    const per = readPerSuffix(symbol.slice(slash))
    return left && per ? `${left} ${per}` : null
  }
  return readCurrencySuffix(symbol) ?? readUnit(symbol)
}

/** Reads a whole word as an amount ("1.500.000đ", "$5", "25°C", "-3,5"); null when it is not one. */
export function readQuantityWord(ctx: RuleContext, word: string): QuantityReading | null {
  const prefix = CURRENCY_PREFIX_PATTERN.exec(word)
  const start = prefix ? prefix[0].length : 0
  const number = parseNumberAt(word, start)
  if (!number) return null
  const rest = word.slice(number.end)
  if (prefix) {
    const currency = readCurrencyPrefix(prefix[0]) ?? ''
    const shorthand = /^(k|K|M|B|tr|triệu|tỷ|tỉ)$/.exec(rest)
    if (rest !== '' && !shorthand) return null
    const base = readSuffix(ctx, number, shorthand ? rest : '')
    if (!base) return null
    return rest === ''
      ? { text: base.text, kind: 'currency', pendingCurrency: currency, bare: false, number }
      : { text: `${base.text} ${currency}`, kind: 'currency', bare: false, number }
  }
  const suffix = readSuffix(ctx, number, rest)
  if (!suffix) return null
  return { ...suffix, bare: rest === '', number }
}

/** Unit words that may follow a number after a space ("5 km", "220 V", "100 USD"). */
function readSpacedUnit(word: string): { text: string; kind: SpanKind } | null {
  if (word === '%') return { text: 'phần trăm', kind: 'percent' }
  if (word === 'tr' || word === 'Tr') return { text: 'triệu', kind: 'number' }
  const currency = readCurrencySuffix(word)
  if (currency) return { text: currency, kind: 'currency' }
  // Vietnamese words ("lít", "tấn") stay as written; single letters that are also initials are skipped.
  if (/^(A|J|p|x|h|s|l|ly|lít|tấn|mét|inch|min|ph|t)$/.test(word)) return null
  const slash = word.indexOf('/')
  if (slash > 0) {
    const left = readCurrencySuffix(word.slice(0, slash))
    const per = readPerSuffix(word.slice(slash))
    if (left && per) return { text: `${left} ${per}`, kind: 'currency' }
  }
  const unit = readUnit(word)
  return unit ? { text: unit, kind: 'unit' } : null
}

/** Words before "5K" that make it a set of rules said by letter ("thông điệp 5K", "yêu cầu 5K" of Bộ Y tế). */
const RULE_SET_WORDS = /(thông điệp|yêu cầu|quy tắc|nguyên tắc|khuyến cáo|chiến dịch|thực hiện)$/

const RESOLUTION_WORDS = new Set([
  'video',
  'màn',
  'hình',
  'phân',
  'giải',
  'tv',
  'tivi',
  'camera',
  'quay',
  'chuẩn',
  'chiếu',
])

/** Words before a number whose letter suffix is part of a name (Quốc lộ 1A, lớp 10A, phòng 301B), not a unit. */
const NAMED_NUMBER_CUES = new Set([
  'lộ',
  'ql',
  'tl',
  'đường',
  'lớp',
  'phòng',
  'số',
  'nhà',
  'ngõ',
  'ngách',
  'hẻm',
  'kiệt',
  'tổ',
  'khu',
  'lô',
  'tòa',
  'block',
  'căn',
  'tuyến',
  'buýt',
  'cổng',
  'ga',
  'tầng',
  'kho',
  'bảng',
  'khối',
  'ô',
])

/** "1A" after "Quốc lộ", "10A" after "lớp": the number, then the letter's name (một a, mười a). */
function readNamedNumber(ctx: RuleContext, i: number, word: string): string | null {
  const m = /^(\d{1,4})(\p{Lu})$/u.exec(word)
  if (!m || !previousWords(ctx, i, 2).some((w) => NAMED_NUMBER_CUES.has(w))) return null
  const letter = letterName(m[2] ?? '')
  return letter ? `${readNumber(m[1] ?? '', ctx.words)} ${letter}` : null
}

/** Dimensions and multiplications: "3x4m" ba nhân bốn mét, "x2" nhân hai. */
function readTimes(ctx: RuleContext, word: string): string | null {
  const m = /^(\d{1,6}(?:[.,]\d{1,3})?)?[x×*](\d{1,6}(?:[.,]\d{1,3})?)([\p{L}²³/]{0,6})$/u.exec(word)
  if (!m) return null
  const right = readQuantityWord(ctx, `${m[2] ?? ''}${m[3] ?? ''}`)
  if (!right) return null
  if (m[1] === undefined) return `nhân ${right.text}`
  const left = readQuantityWord(ctx, m[1])
  return left ? `${left.text} nhân ${right.text}` : null
}

/** Whether token i ends a "<number> mét <digit>" height, nothing glued after the digit. */
function tenthsAfterMetre(ctx: RuleContext, i: number): boolean {
  const words = previousWords(ctx, i, 2)
  const after = ctx.tokens[i + 1]
  if (after && after.type === 'word') return false
  return words[1] === 'mét' && /^\d$/.test(words[0] ?? '')
}

export const quantityRule: Rule = (ctx, i) => {
  const token = ctx.tokens[i]
  if (!token) return null
  // "video 4K": a display resolution, not four thousand; "thông điệp 5K" the health ministry's five rules.
  const resolution = /^([1-8])(?:\.(5))?K$/.exec(token.text)
  const named = resolution ? previousWords(ctx, i, 3) : []
  if (
    resolution &&
    (named.some((w) => RESOLUTION_WORDS.has(w)) || RULE_SET_WORDS.test(named.slice(-2).join(' ')))
  ) {
    const half = resolution[2] ? ' chấm năm' : ''
    const text = `${readIntegerDigits(resolution[1] ?? '', ctx.words)}${half} ca`
    return { next: i + 1, frags: [{ text, kind: 'unit', start: token.start, end: token.end }] }
  }
  // "2 mét 1", "1 mét 4": a height's tenths after "mét" take the spoken forms mốt and tư (hai mét mốt).
  if (/^[14]$/.test(token.text) && tenthsAfterMetre(ctx, i)) {
    const text = token.text === '1' ? 'mốt' : 'tư'
    return { next: i + 1, frags: [{ text, kind: 'number', start: token.start, end: token.end }] }
  }
  const namedNumber = readNamedNumber(ctx, i, token.text)
  if (namedNumber)
    return { next: i + 1, frags: [{ text: namedNumber, kind: 'number', start: token.start, end: token.end }] }
  // ">315.147 tài khoản", "<18W": a bound glued to an amount reads "hơn" / "dưới".
  const bound = /^([><])(\d.*)$/.exec(token.text)
  const bounded = bound ? readQuantityWord(ctx, bound[2] ?? '') : null
  if (bound && bounded) {
    const text = `${bound[1] === '>' ? 'hơn' : 'dưới'} ${bounded.text}${bounded.pendingCurrency ? ` ${bounded.pendingCurrency}` : ''}`
    return { next: i + 1, frags: [{ text, kind: bounded.kind, start: token.start, end: token.end }] }
  }
  // "+1,5%", "+12 điểm": an explicit plus sign before an amount (phones took "+84 …" already).
  if (/^\+\d/.test(token.text)) {
    const signed = readQuantityWord(ctx, token.text.slice(1))
    if (signed) {
      const text = `cộng ${signed.text}${signed.pendingCurrency ? ` ${signed.pendingCurrency}` : ''}`
      return { next: i + 1, frags: [{ text, kind: signed.kind, start: token.start, end: token.end }] }
    }
  }
  const times = readTimes(ctx, token.text)
  if (times)
    return { next: i + 1, frags: [{ text: times, kind: 'number', start: token.start, end: token.end }] }
  const j = nextWordIndex(ctx, i)
  const following = j > 0 ? ctx.tokens[j] : undefined
  const after = following?.type === 'word' ? following.text : undefined
  const word = commaThousands(token.text, after, (w) => readSpacedUnit(w) !== null) ?? token.text
  const q = readQuantityWord(ctx, word)
  if (!q) return null
  const frags: Frag[] = [{ text: q.text, kind: q.kind, start: token.start, end: token.end }]
  let next = i + 1
  if (following && following.type === 'word') {
    if (q.pendingCurrency !== undefined && SCALE_WORDS.has(following.text.toLowerCase())) {
      frags.push({
        text: `${following.text} ${q.pendingCurrency}`,
        kind: 'currency',
        start: following.start,
        end: following.end,
      })
      return { next: j + 1, frags }
    }
    // Mixed numbers: "5 1/2" năm và một phần hai.
    const mixed = q.bare && q.kind === 'number' ? /^(\d{1,2})\/(\d{1,2})$/.exec(following.text) : null
    if (mixed && Number(mixed[1]) < Number(mixed[2])) {
      const d = Number(mixed[2])
      const bottom = d === 4 ? 'tư' : readIntegerDigits(mixed[2] ?? '', ctx.words)
      const text = `và ${readIntegerDigits(mixed[1] ?? '', ctx.words)} phần ${bottom}`
      frags.push({ text, kind: 'fraction', start: following.start, end: following.end })
      return { next: j + 1, frags }
    }
    if (q.bare) {
      const money = moneyShorthand(ctx, following.text)
      const unit = money ? { text: money, kind: 'currency' as const } : readSpacedUnit(following.text)
      if (unit) {
        frags[0] = { ...frags[0]!, kind: unit.kind }
        frags.push({ text: unit.text, kind: unit.kind, start: following.start, end: following.end })
        next = j + 1
      }
    }
  }
  if (q.pendingCurrency) frags[0] = { ...frags[0]!, text: `${q.text} ${q.pendingCurrency}` }
  return { next, frags }
}

/** Periods and people a count is given per ("30 chuyến/ngày", "2 lần/tuần", "3 suất/người"). */
const PER_PERIOD = /^(ngày|đêm|tháng|năm|tuần|quý|giờ|phút|người|lượt|hộ|ca|xe|phòng|lớp|trường)$/
/** Places a count is given per ("3 trung tâm/huyện"); "12 quận/huyện" is a pair of kinds, never a rate. */
const PER_PLACE = /^(huyện|xã|tỉnh|phường|thôn|ấp|bản|quận)$/
const PLACE_KINDS = /^(quận|huyện|xã|tỉnh|phường|thôn|ấp|bản|thị|thành|trấn)$/

/** A counted word per a period after a number: "30 chuyến/ngày" → ba mươi chuyến trên ngày. */
const countedPer = (ctx: RuleContext, i: number, left: string, right: string) => {
  const token = ctx.tokens[i]!
  // "5 phút/lần": once every five minutes; "5261 ảnh/km": pictures per kilometre.
  const place = PER_PLACE.test(right) && !PLACE_KINDS.test(left)
  const per = right === 'lần' ? null : PER_PERIOD.test(right) || place ? right : readUnit(right)
  if (!/^\p{Ll}+$/u.test(left) || (per === null && right !== 'lần')) return null
  let j = i - 1
  while (ctx.tokens[j]?.type === 'space') j--
  // A counted noun of two syllables ("3 trung tâm/huyện"): the number is one word further back.
  if (place && /^\p{Ll}+$/u.test(ctx.tokens[j]?.text ?? '')) {
    j--
    while (ctx.tokens[j]?.type === 'space') j--
  }
  if (!/\d$/.test(ctx.tokens[j]?.text ?? '')) return null
  return {
    next: i + 1,
    frags: [
      {
        text: per === null ? `${left} một lần` : `${left} trên ${per}`,
        kind: 'unit' as const,
        start: token.start,
        end: token.end,
      },
    ],
  }
}

/** "triệu/tháng", "đồng/kg", "USD/tấn": a scale, currency or unit word per something. */
export const perWordRule: Rule = (ctx, i) => {
  const token = ctx.tokens[i]
  if (!token) return null
  const m = /^([\p{L}$€£¥₫]{1,10}\d?)\/([\p{L}\d²]{1,10})$/u.exec(token.text)
  if (!m) return null
  const left = m[1] ?? ''
  const leftReading = SCALE_WORDS.has(left.toLowerCase())
    ? left
    : (readCurrencySuffix(left) ?? readUnit(left))
  // After money any measure word may follow ("đồng/lượng", "triệu/căn"); after a unit only known ones.
  const money = SCALE_WORDS.has(left.toLowerCase()) || readCurrencySuffix(left) !== null
  const per =
    readPer(m[2] ?? '') ??
    (money && /^\p{Ll}+$/u.test(m[2] ?? '') ? (m[2] ?? '') : null) ??
    // An exchange rate: "VND/USD" đồng trên đô la mỹ.
    (money ? readCurrencySuffix(m[2] ?? '') : null)
  if (!per || !leftReading) return countedPer(ctx, i, left, m[2] ?? '')
  if (/^(h|s|p|x|l|A|J)$/.test(left)) return null
  return {
    next: i + 1,
    frags: [{ text: `${leftReading} trên ${per}`, kind: 'unit', start: token.start, end: token.end }],
  }
}

/** A unit or currency symbol standing alone after a number or scale word ("5 nghìn km", "2 tỷ USD"). */
export const unitWordRule: Rule = (ctx, i) => {
  const token = ctx.tokens[i]
  if (!token) return null
  const word = token.text
  const isCode = CURRENCY_CODES.has(word)
  let j = i - 1
  while (ctx.tokens[j]?.type === 'space') j--
  const prev = ctx.tokens[j]
  const afterAmount =
    prev !== undefined &&
    (prev.type === 'word' || prev.type === 'dict') &&
    (SCALE_WORDS.has(prev.text.toLowerCase()) || /\d$/.test(prev.text) || prev.text === 'mỗi')
  // "(cm2)", "(kg)": a unit alone in brackets names what the numbers around it measure.
  const bracketed = prev?.text === '(' && ctx.tokens[i + 1]?.text === ')'
  if (!isCode && !afterAmount && !bracketed) return null
  const unit = readSpacedUnit(word)
  if (!unit) return null
  return { next: i + 1, frags: [{ text: unit.text, kind: unit.kind, start: token.start, end: token.end }] }
}

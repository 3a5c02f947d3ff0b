/**
 * Phone numbers, hotlines, emergency numbers, account numbers and postal codes: digit by digit with
 * plain digit names (no mốt/tư/lăm). "+84" reads cộng tám tư. A number may be written in groups
 * separated by spaces, dots or dashes ("0912 345 678", "0912.345.678", "(028) 3822 1234").
 */
import { previousWords } from '../context.ts'
import { letterName } from '../letters.ts'
import { readDigits } from '../number-reader.ts'
import type { Rule, RuleContext } from '../rule-types.ts'

const WHOLE = /^(\+\d{1,3}|0)[\d.-]{6,16}\d$/
const GROUP = /^\d{1,5}$/
const START_GROUP = /^(\+\d{1,3}|0\d{1,4}|1[89]00)$/
const HOTLINE = /^1[89]00[.-]?\d{3,4}(?:[.-]?\d{1,4})?$/
/** Words before a number that make it a code read digit by digit. */
const TRIGGERS = [
  'gọi',
  'gọi số',
  'gọi ngay',
  'số điện thoại',
  'điện thoại',
  'đt',
  'sđt',
  'hotline',
  'đường dây nóng',
  'tổng đài',
  'fax',
  'zalo',
  'liên hệ',
  'bấm số',
  'quay số',
  'mã bưu chính',
  'mã bưu điện',
  'mã zip',
  'zip code',
  'postal code',
  'số tài khoản',
  'stk',
  'tài khoản số',
  'mã số thuế',
  'mã số',
  'mã otp',
  'otp',
  'mã pin',
  'pin',
  'số cccd',
  'cccd',
  'cmnd',
  'số hiệu',
  'biển số',
  'mã',
  'cấp cứu',
  'cứu hỏa',
  'cứu nạn',
  'khẩn cấp',
  'gọi điện',
  'nhắn tin',
  'đầu số',
  'số máy',
]

function readPhone(raw: string): string {
  const digits = raw.replace(/[^\d+]/g, '')
  if (digits.startsWith('+')) {
    const code = digits.slice(1, 3) === '84' ? '84' : ''
    if (code) return `cộng tám tư ${readDigits(digits.slice(3))}`.trim()
    return `cộng ${readDigits(digits.slice(1))}`
  }
  return readDigits(digits)
}

function digitCount(text: string): number {
  return text.replace(/\D/g, '').length
}

function triggered(ctx: RuleContext, i: number): boolean {
  const words = previousWords(ctx, i, 4)
  for (let k = 1; k <= 3; k++) {
    const tail = words.slice(-k).join(' ')
    if (TRIGGERS.includes(tail)) return true
  }
  return false
}

export const phoneRule: Rule = (ctx, i) => {
  const token = ctx.tokens[i]
  if (!token) return null
  const word = token.text
  if (!/^[+(\d]/.test(word)) return null
  // "0969.082.115/0949.396.115": two numbers given for one line, each read digit by digit.
  const pair = /^([+\d][\d.-]{8,16}\d)\/([+\d][\d.-]{8,16}\d)$/.exec(word)
  if (pair && WHOLE.test(pair[1] ?? '') && WHOLE.test(pair[2] ?? '')) {
    const text = `${readPhone(pair[1] ?? '')} ${readPhone(pair[2] ?? '')}`
    return { next: i + 1, frags: [{ text, kind: 'phone', start: token.start, end: token.end }] }
  }
  const count = digitCount(word)
  const isWhole = (WHOLE.test(word) && count >= 9 && count <= 13) || HOTLINE.test(word)
  if (isWhole || (/^0\d{8,11}$/.test(word) && !word.includes('.'))) {
    return {
      next: i + 1,
      frags: [{ text: readPhone(word), kind: 'phone', start: token.start, end: token.end }],
    }
  }
  // Groups separated by spaces (or a closing parenthesis): "0912 345 678", "(028) 3822 1234", "+84 912 345 678".
  if (START_GROUP.test(word)) {
    let j = i
    let end = token.end
    let total = count
    let raw = word
    for (;;) {
      let k = j + 1
      let closed = false
      while (
        ctx.tokens[k]?.type === 'space' ||
        (ctx.tokens[k]?.type === 'punct' && ctx.tokens[k]?.text === ')')
      ) {
        if (ctx.tokens[k]?.text === ')') closed = true
        k++
      }
      const next = ctx.tokens[k]
      // After an area code in brackets the subscriber number may be one run, dotted or not: "(0292) 3891433",
      // "(028) 3823.4567", "(0236).3822.123".
      const subscriber =
        closed &&
        next !== undefined &&
        /^\.?\d{2,8}(?:[.-]\d{2,4}){0,3}$/.test(next.text) &&
        digitCount(next.text) >= 6 &&
        digitCount(next.text) <= 8
      const group = next !== undefined && (GROUP.test(next.text) || subscriber)
      if (!next || next.type !== 'word' || !group || total + digitCount(next.text) > 12) break
      total += digitCount(next.text)
      raw += next.text
      end = next.end
      j = k
    }
    if (j > i && total >= 8) {
      return { next: j + 1, frags: [{ text: readPhone(raw), kind: 'phone', start: token.start, end }] }
    }
  }
  // Short numbers after a trigger: emergency 113, postal codes, accounts.
  if (/^\d{2,20}$/.test(word) && triggered(ctx, i)) {
    return {
      next: i + 1,
      frags: [{ text: readDigits(word), kind: 'phone', start: token.start, end: token.end }],
    }
  }
  if (/^\d[\d.\- ]{4,24}\d$/.test(word) && count >= 6 && triggered(ctx, i)) {
    return {
      next: i + 1,
      frags: [
        { text: readDigits(word.replace(/\D/g, '')), kind: 'phone', start: token.start, end: token.end },
      ],
    }
  }
  return null
}

const PLATE = /^(\d{2})-?([A-Z]{1,2}\d?)-(\d{3}\.?\d{2}|\d{4})$/

/** Vehicle plates (29A-123.45): digits one by one, letters by name — a code, not a quantity. */
export const plateRule: Rule = (ctx, i) => {
  const token = ctx.tokens[i]
  const m = token ? PLATE.exec(token.text) : null
  if (!token || !m) return null
  const series = (m[2] ?? '').replace(/\d/g, (d) => ` ${readDigits(d)}`)
  const letters = series.replace(/[A-Z]/g, (c) => ` ${letterName(c) ?? c}`)
  const text = `${readDigits(m[1] ?? '')} ${letters.trim()} ${readDigits((m[3] ?? '').replace('.', ''))}`
  return {
    next: i + 1,
    frags: [{ text: text.replace(/\s+/g, ' '), kind: 'phone', start: token.start, end: token.end }],
  }
}

/**
 * Versions and IP addresses: dots read "chấm" (v2.1.3 vê hai chấm một chấm ba; 192.168.1.1). A dotted
 * number whose groups are all three digits is a thousands number (1.500.000) and is left to amounts,
 * unless it is preceded by "IP".
 */
import { previousWords } from '../context.ts'
import { readDigits, readIntegerDigits } from '../number-reader.ts'
import type { Rule } from '../rule-types.ts'

const DOTTED = /^([vV]\.?)?(\d{1,4})((?:\.\d{1,4}){1,4})([a-z]{0,5}\d{0,2})$/
const VERSION_WORDS = new Set([
  'phiên',
  'bản',
  'version',
  'ver',
  'v',
  'ios',
  'android',
  'windows',
  'macos',
  'python',
  'node',
  'java',
  'php',
  'ip',
  'chuẩn',
  'wifi',
  'bluetooth',
  'usb',
  'firmware',
  'cập',
  'nhật',
])

export const versionRule: Rule = (ctx, i) => {
  const token = ctx.tokens[i]
  if (!token) return null
  const m = DOTTED.exec(token.text)
  if (!m) return null
  const groups = [m[2] ?? '', ...(m[3] ?? '').split('.').slice(1)]
  const context = previousWords(ctx, i, 3).some((w) => VERSION_WORDS.has(w))
  const thousands = groups.slice(1).every((g) => g.length === 3) && (m[2] ?? '').length <= 3
  // "2.5" (one dot) is an English decimal: amounts read it (also "chấm"); versions need a cue or 2+ dots.
  if (!m[1] && !context && (thousands || groups.length < 3)) return null
  const read = groups.map((g) =>
    g.length > 1 && g.startsWith('0') ? readDigits(g) : readIntegerDigits(g, ctx.words),
  )
  const parts = [m[1] ? 'vê' : '', read.join(' chấm '), m[4] ? m[4].replace(/(\d+)/, ' $1').trim() : '']
  const text = parts.filter((p) => p !== '').join(' ')
  return { next: i + 1, frags: [{ text, kind: 'version', start: token.start, end: token.end }] }
}

/**
 * Emails and URLs: "@" a còng, "." chấm, "_" gạch dưới, "-" gạch ngang, "/" gạch chéo. The scheme
 * (https://) is omitted. Letter runs without a vowel are spelled (vn → vê nờ, www → vê kép …), digits
 * are read one by one, other runs stay as written.
 */
import { spellLetters } from '../letters.ts'
import { readDigits } from '../number-reader.ts'
import type { Rule } from '../rule-types.ts'

const EMAIL = /^[A-Za-z0-9][A-Za-z0-9._%+-]{0,63}@[A-Za-z0-9-]{1,63}(?:\.[A-Za-z0-9-]{1,63}){1,6}$/
const TLD =
  'com|vn|net|org|edu|gov|io|info|biz|co|ai|app|dev|me|tv|asia|xyz|online|store|site|uk|us|jp|kr|cn|fr|de|int|mobi|shop|tech|ru|au|sg|kh|cz|nl|eu|tw|hk|ph|pl'
const URL_WITH_SCHEME = /^(?:https?|ftp):\/\/[^\s/$.?#][^\s]{0,2000}$/i
const URL_BARE = new RegExp(
  `^(?:www\\.)?[A-Za-z0-9-]{1,63}(?:\\.[A-Za-z0-9-]{1,63}){0,4}\\.(?:${TLD})(?::\\d{1,5})?(?:/[^\\s]{0,2000})?$`,
  'i',
)
const SEPARATORS: Record<string, string> = {
  '.': 'chấm',
  '@': 'a còng',
  _: 'gạch dưới',
  '-': 'gạch ngang',
  '/': 'gạch chéo',
  ':': 'hai chấm',
  '?': 'dấu hỏi',
  '=': 'bằng',
  '&': 'và',
  '#': 'thăng',
  '+': 'cộng',
  '%': 'phần trăm',
  '~': 'ngã',
}
const PIECE = /[A-Za-z]+|\d+|[^A-Za-z\d]/g

/** Reads an address piece by piece. */
export function readAddress(text: string): string {
  const out: string[] = []
  for (const [piece] of text.matchAll(PIECE)) {
    if (/^\d+$/.test(piece)) out.push(readDigits(piece))
    else if (/^[A-Za-z]+$/.test(piece))
      out.push(/[aeiouy]/i.test(piece) ? piece.toLowerCase() : spellLetters(piece))
    else {
      const sep = SEPARATORS[piece]
      if (sep) out.push(sep)
    }
  }
  return out.join(' ')
}

/** "thư:giaoduc@dantri.com.vn", "Shopee:https://…": a label glued to an address by a colon. */
function labelled(ctx: Parameters<Rule>[0], i: number): ReturnType<Rule> {
  const token = ctx.tokens[i]!
  const m = /^(\p{L}{2,20}):(\S+)$/u.exec(token.text)
  if (!m) return null
  const label = m[1] ?? ''
  const address = (m[2] ?? '').replace(/^[a-z]+:\/\//i, '').replace(/\/$/, '')
  const email = EMAIL.test(m[2] ?? '')
  if (!email && !URL_WITH_SCHEME.test(m[2] ?? '') && !URL_BARE.test(m[2] ?? '')) return null
  const split = token.start + label.length + 1
  return {
    next: i + 1,
    frags: [
      { text: label, kind: 'plain', start: token.start, end: split - 1 },
      { text: readAddress(address), kind: email ? 'email' : 'url', start: split, end: token.end },
    ],
  }
}

export const webRule: Rule = (ctx, i) => {
  const token = ctx.tokens[i]
  if (!token) return null
  const word = token.text
  if (word.includes(':') && !word.includes('://')) {
    const hit = labelled(ctx, i)
    if (hit) return hit
  }
  if (/^\p{L}{2,20}:(?:https?|ftp):\/\//iu.test(word)) return labelled(ctx, i)
  if (EMAIL.test(word)) {
    return {
      next: i + 1,
      frags: [{ text: readAddress(word), kind: 'email', start: token.start, end: token.end }],
    }
  }
  if (URL_WITH_SCHEME.test(word) || URL_BARE.test(word)) {
    const bare = word.replace(/^[a-z]+:\/\//i, '').replace(/\/$/, '')
    return {
      next: i + 1,
      frags: [{ text: readAddress(bare), kind: 'url', start: token.start, end: token.end }],
    }
  }
  return null
}

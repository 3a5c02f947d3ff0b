/**
 * List markers in legal and school text: a single lowercase letter with a closing bracket at the start of a
 * line ("a) …", "đ) …") is read by its letter name (a, bê, xê, dê, đê), never left as a bare letter.
 */
import { letterName } from '../letters.ts'
import type { Rule } from '../rule-types.ts'

export const listMarkerRule: Rule = (ctx, i) => {
  const token = ctx.tokens[i]
  if (!token || !/^[a-zđ]$/u.test(token.text) || ctx.tokens[i + 1]?.text !== ')') return null
  let j = i - 1
  while (ctx.tokens[j]?.type === 'space') j--
  if (j >= 0 && ctx.tokens[j]?.type !== 'newline') return null
  const text = letterName(token.text)
  if (!text) return null
  return { next: i + 1, frags: [{ text, kind: 'symbol', start: token.start, end: token.end }] }
}

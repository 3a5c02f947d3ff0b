/**
 * School arithmetic: on an expression line (expression.ts) "45 000" is forty-five thousand — digit groups
 * of three after a single space are one number ("34 700", "1 962,5"). The signs are read in normalize.ts.
 */
import { onExpressionLine } from '../expression.ts'
import type { Rule } from '../rule-types.ts'
import { readQuantityWord } from './quantity.ts'

export const arithmeticRule: Rule = (ctx, i) => {
  const tokens = ctx.tokens
  const token = tokens[i]
  if (!token || !/^[1-9]\d{0,2}$/.test(token.text) || !onExpressionLine(tokens, i)) return null
  let word = token.text
  let last = i
  while (tokens[last + 1]?.type === 'space' && tokens[last + 1]?.text === ' ') {
    const group = tokens[last + 2]
    if (!group || group.type !== 'word' || !/^\d{3}(?:,\d{1,4})?$/.test(group.text)) break
    word += group.text
    last += 2
    if (group.text.includes(',')) break
  }
  if (last === i) return null
  const q = readQuantityWord(ctx, word)
  if (!q) return null
  return {
    next: last + 1,
    frags: [{ text: q.text, kind: 'number', start: token.start, end: tokens[last]!.end }],
  }
}

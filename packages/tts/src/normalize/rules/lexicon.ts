/**
 * Whole tokens listed in the lexicon with their exact spelling ("SARS-CoV-2", "VN-Index", "VN30"): read as
 * the lexicon says, before code and acronym rules split them into pieces.
 */
import { lexiconExact } from '../lexicon/lexicon.ts'
import type { Rule } from '../rule-types.ts'

export const lexiconRule: Rule = (ctx, i) => {
  const token = ctx.tokens[i]
  if (!token || !/[-\d]/.test(token.text)) return null
  const text = lexiconExact(token.text, ctx.region)
  return text ? { next: i + 1, frags: [{ text, kind: 'acronym', start: token.start, end: token.end }] } : null
}

/**
 * Ratios and map scales written with a colon: "tỉ lệ 1:25.000" → một trên hai mươi lăm nghìn, "tỷ lệ 3:1" → ba
 * trên một. A colon with a grouped number (1:500.000) is a scale anywhere; otherwise only after "tỉ lệ"/"tỷ lệ"
 * or "bản đồ", since "8:30" is a time and "tỉ số 2:1" a score.
 */
import { previousWords } from '../context.ts'
import { readIntegerDigits } from '../number-reader.ts'
import type { Rule } from '../rule-types.ts'

const SIDE = '(\\d{1,3}(?:\\.\\d{3})+|\\d{1,9})'
const RATIO = new RegExp(`^${SIDE}:${SIDE}$`)

export const ratioRule: Rule = (ctx, i) => {
  const token = ctx.tokens[i]
  const m = token ? RATIO.exec(token.text) : null
  if (!token || !m) return null
  const grouped = m[1]!.includes('.') || m[2]!.includes('.')
  const cue = /(tỷ|tỉ) lệ( xích| bản đồ)?$|bản đồ$/.test(previousWords(ctx, i, 3).join(' '))
  if (!grouped && !cue) return null
  const read = (side: string) => readIntegerDigits(side.replace(/\./g, ''), ctx.words)
  return {
    next: i + 1,
    frags: [
      { text: `${read(m[1]!)} trên ${read(m[2]!)}`, kind: 'fraction', start: token.start, end: token.end },
    ],
  }
}

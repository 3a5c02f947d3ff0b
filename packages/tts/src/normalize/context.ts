/** Helpers for rules that decide by context (the words around a token). */
import type { RuleContext } from './rule-types.ts'
import type { Token } from './tokenizer.ts'

/** Punctuation that ends the context window (a trigger never reaches across a sentence). */
const STOP = new Set(['.', '!', '?', ';', '…'])

function isWordLike(t: Token | undefined): t is Token {
  return t !== undefined && (t.type === 'word' || t.type === 'dict')
}

/** Lowercased previous words (nearest last), up to `count`, within the sentence; commas do not stop. */
export function previousWords(ctx: RuleContext, i: number, count: number): string[] {
  const out: string[] = []
  for (let j = i - 1; j >= 0 && out.length < count; j--) {
    const t = ctx.tokens[j]
    if (!t || t.type === 'newline') break
    if (t.type === 'punct' && STOP.has(t.text)) break
    if (isWordLike(t)) out.unshift(foldTone(t.text.toLowerCase()))
  }
  return out
}

/** The word right before token i, separated only by spaces; '' otherwise. */
export function adjacentPreviousWord(ctx: RuleContext, i: number): string {
  let j = i - 1
  while (j >= 0 && ctx.tokens[j]?.type === 'space') j--
  const t = ctx.tokens[j]
  return isWordLike(t) ? foldTone(t.text.toLowerCase()) : ''
}

/** Index of the word right after token i, separated only by spaces; -1 otherwise. */
export function nextWordIndex(ctx: RuleContext, i: number): number {
  let j = i + 1
  while (ctx.tokens[j]?.type === 'space') j++
  return isWordLike(ctx.tokens[j]) ? j : -1
}

/** Whether the words right before token i end with one of the phrases (lowercased, single-spaced). */
export function precededBy(ctx: RuleContext, i: number, phrases: readonly string[]): boolean {
  const tail = previousWords(ctx, i, 4).join(' ')
  return phrases.some((p) => tail === p || tail.endsWith(` ${p}`))
}

/** Nouns a count out of a total is given for ("thắng 2/9 trận", "nghiệm thu 5/5 hạng mục"): "a trên b", never a date. */
export const COUNTED_NOUNS = new Set([
  'trận',
  'hạng',
  'chuyên',
  'ván',
  'set',
  'câu',
  'môn',
  'đội',
  'trường',
  'xã',
  'huyện',
  'tỉnh',
  'dự',
  'hồ',
  'đơn',
  'bài',
  'lượt',
  'cầu',
  'phiếu',
  'ghế',
  'tiêu',
  'hạng',
  'gói',
  'công',
])

/** Whether the word is capitalised like a name ("Việt", "Thái"). */
export function isCapitalised(word: string): boolean {
  return /^\p{Lu}\p{Ll}/u.test(word)
}

/** Old-style tone placement only differs on open final "oa"/"uy" syllables (hoà/hòa, thuỷ/thủy). */
const OLD_STYLE = /(o[àáảãạ]|(?<!q)u[ỳýỷỹỵ])$/
const NEW_STYLE: Record<string, string> = {
  oà: 'òa',
  oá: 'óa',
  oả: 'ỏa',
  oã: 'õa',
  oạ: 'ọa',
  uỳ: 'ùy',
  uý: 'úy',
  uỷ: 'ủy',
  uỹ: 'ũy',
  uỵ: 'ụy',
}

/** Folds old-style tone placement so triggers match both "hòa" and "hoà", "khóa" and "khoá". */
export function foldTone(word: string): string {
  return word.replace(OLD_STYLE, (m) => NEW_STYLE[m] ?? m)
}

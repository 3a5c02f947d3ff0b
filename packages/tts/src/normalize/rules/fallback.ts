/**
 * The last rule: a word no category claimed. Plain words stay as written; mixed words are split into
 * letter runs, digit runs and symbols ("COVID-19" → cô vít mười chín, "U23" → u hai mươi ba,
 * "H5N1" → hát năm nờ một), each with its own source span when offsets allow.
 */
import { readIntegerDigits, readDigits } from '../number-reader.ts'
import type { Frag, Rule, RuleContext } from '../rule-types.ts'
import type { Token } from '../tokenizer.ts'
import { readSymbol } from '../symbols.ts'
import type { SpanKind } from '../types.ts'
import { ABBREVIATIONS } from '../abbreviations.ts'
import { letterName } from '../letters.ts'
import { readCapitals, readWordLike } from './acronym.ts'
import { romanValue } from './roman.ts'

const PIECE = /[\p{L}\p{M}]+|\d+|[^\p{L}\p{M}\d]/gu

function readLetters(
  ctx: RuleContext,
  i: number,
  letters: string,
  mixed: boolean,
): { text: string; kind: SpanKind } {
  // Inside codes ("100/2019/NĐ-CP", "QH14") known abbreviations still expand.
  const abbreviation = mixed && letters.length > 1 ? ABBREVIATIONS[letters] : undefined
  if (abbreviation) return { text: abbreviation, kind: 'abbreviation' }
  // Only Latin capitals are spelled; other scripts (МОСКВА, ΑΘΗΝΑ) pass through as written.
  if (/^[A-ZĐ]+$/.test(letters)) {
    if (letters.length === 1) return { text: letterName(letters) ?? letters, kind: 'acronym' }
    const reading = readCapitals(ctx, i, letters)
    if (reading) return { text: reading, kind: 'acronym' }
  } else if (mixed) {
    const w = /^\p{Lu}\p{Ll}+$/u.test(letters) ? readWordLike(letters, ctx.region) : null
    if (w) return { text: w, kind: 'acronym' }
  }
  return { text: letters, kind: 'plain' }
}

/** Splits and reads a word; returns one fragment per spoken piece. */
export function splitWord(ctx: RuleContext, i: number, token: Token): Frag[] {
  const text = token.text
  // Offsets inside the word are exact only when NFC did not change its length.
  const exact = token.end - token.start === text.length
  const at = (offset: number, length: number): { start: number; end: number } =>
    exact
      ? { start: token.start + offset, end: token.start + offset + length }
      : { start: token.start, end: token.end }
  const pieces = [...text.matchAll(PIECE)]
  const mixed = pieces.length > 1
  // In an equation ("10-3=7") a dash is a minus.
  const equation = text.includes('=')
  const frags: Frag[] = []
  for (const [index, m] of pieces.entries()) {
    const piece = m[0]
    const offset = m.index ?? 0
    let reading: { text: string; kind: SpanKind } | null
    if (/^\d+$/.test(piece)) {
      reading = {
        text:
          (piece.length > 1 && piece.startsWith('0')) || piece.length > 18
            ? readDigits(piece)
            : readIntegerDigits(piece, ctx.words),
        kind: 'number',
      }
    } else if (/^[\p{L}\p{M}]+$/u.test(piece)) {
      // "RON 95-III", "Su-30MK2": Roman numerals after a dash inside a code are numbers.
      const roman = pieces[index - 1]?.[0] === '-' && /^[IVX]{2,5}$/.test(piece) ? romanValue(piece) : null
      reading =
        roman !== null
          ? { text: readIntegerDigits(String(roman), ctx.words), kind: 'roman' }
          : readLetters(ctx, i, piece, mixed)
    } else {
      const beforeDigits = /^\d/.test(pieces[index + 1]?.[0] ?? '')
      const symbol =
        equation && piece === '-' ? 'trừ' : piece === '#' && beforeDigits ? 'số' : readSymbol(piece)
      reading = symbol ? { text: symbol, kind: 'symbol' } : null
    }
    if (!reading) continue
    const range = at(offset, piece.length)
    const last = frags[frags.length - 1]
    // Several pieces sharing the whole word's range (NFD input) are merged to keep spans disjoint.
    if (last && last.start === range.start && last.end === range.end) {
      last.text += ` ${reading.text}`
      if (last.kind === 'plain') last.kind = reading.kind
    } else {
      frags.push({ text: reading.text, kind: reading.kind, ...range })
    }
  }
  return frags
}

function isNumberToken(ctx: RuleContext, index: number): boolean {
  const t = ctx.tokens[index]
  return t !== undefined && t.type === 'word' && /^[-−]?\d/.test(t.text)
}

export const fallbackRule: Rule = (ctx, i) => {
  const token = ctx.tokens[i]
  if (!token) return null
  // "3 x 4 = 12", "10 : 2": an operator between two numbers.
  if (/^[x×*:÷]$/.test(token.text) && isNumberToken(ctx, i - 2) && isNumberToken(ctx, i + 2)) {
    const op = token.text === ':' || token.text === '÷' ? 'chia' : 'nhân'
    return { next: i + 1, frags: [{ text: op, kind: 'symbol', start: token.start, end: token.end }] }
  }
  if (/^[\p{L}\p{M}]+$/u.test(token.text) && !/\p{Lu}{2}/u.test(token.text)) {
    return { next: i + 1, frags: [{ text: token.text, kind: 'plain', start: token.start, end: token.end }] }
  }
  return { next: i + 1, frags: splitWord(ctx, i, token) }
}

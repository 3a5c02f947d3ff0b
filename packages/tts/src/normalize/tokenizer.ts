/**
 * Splits the user's text into tokens with UTF-16 offsets into the original input.
 *
 * One left-to-right pass, no backtracking regexes over unbounded input, so 1 MB stays linear.
 * - `tag`: anything shaped like an HTML/SSML tag (`<break time="500ms"/>`, `<b>`); only a valid break is
 *   spoken (as a pause), every other tag — and a break whose time is malformed — is dropped from speech.
 * - `dict`: a pronunciation-dictionary match (applied before every rule).
 * - `word`: a run of non-space characters with leading/trailing punctuation peeled off; rules look inside.
 * - `punct`: clause/sentence punctuation kept for the segmenter (an ellipsis is one pause token).
 * - `space` / `newline`: whitespace; two or more line breaks are a paragraph break.
 * - `drop`: emoji, control and zero-width characters: not spoken, act as a space.
 */
import type { DictionaryMatcher } from './dictionary.ts'
import { canonicalBreakTag } from './break-tag.ts'

export type TokenType = 'word' | 'dict' | 'tag' | 'punct' | 'space' | 'newline' | 'drop'

export interface Token {
  type: TokenType
  /** NFC text of the token (the reading for `dict`, the canonical tag for a valid break). */
  text: string
  start: number
  end: number
  /** For `dict`: the dictionary reading. For a valid break tag: the canonical tag. */
  reading?: string
}

const TAG = /<\/?[A-Za-z][^<>\n]{0,400}>/y
const ENTITY = /&(amp|lt|gt|nbsp|quot|apos|#\d{1,6}|#x[0-9a-f]{1,5});/iy
const ENTITY_TEXT: Record<string, string> = { amp: '&', lt: '<', gt: '>' }
/** Always their own token: they never occur inside numbers, codes, emails or URLs. */
const HARD_PUNCT = new Set([';', '…', '(', ')', '[', ']', '{', '}', '“', '”', '«', '»', '"'])
/** Split a word only when followed by a space or the end ("sao?" but not "a.php?id=1"). */
const SOFT_PUNCT = new Set(['?', '!'])
const TRAILING_PEEL = new Set(['.', ',', ':', "'", '’', '-', '–', '—', '?', '!'])
const LEADING_PEEL = new Set(["'", '‘', '-', '–', '—'])
const DROP =
  /[\p{Cc}\p{Cf}\p{Extended_Pictographic}\p{Co}\p{Cs}\u{1F3FB}-\u{1F3FF}\u{1F1E6}-\u{1F1FF}]|[\uFE00-\uFE0F]|\u20E3/u
const SPACE = /\s/
const INVISIBLE = /^(?:\u00AD|\u200C|\u200D|\u2060|\uFEFF)$/
const INVISIBLE_ALL = /\u00AD|\u200C|\u200D|\u2060|\uFEFF/g
const DIGIT = /\d/
const ALNUM = /[\p{L}\p{N}\p{M}]/u

function isSpace(ch: string): boolean {
  return SPACE.test(ch) && ch !== '\u200b'
}

/** Reads one code point at `pos` (keeps surrogate pairs together). */
function charAt(text: string, pos: number): string {
  const cp = text.codePointAt(pos)
  return cp === undefined ? '' : String.fromCodePoint(cp)
}

function isDrop(ch: string): boolean {
  if (ch === '\n' || ch === '\t' || ch === '\r') return false
  return DROP.test(ch)
}

export function tokenize(text: string, dictionary: DictionaryMatcher | null): Token[] {
  const tokens: Token[] = []
  let pos = 0
  const n = text.length
  while (pos < n) {
    const ch = charAt(text, pos)
    if (ch === '<') {
      TAG.lastIndex = pos
      const m = TAG.exec(text)
      if (m) {
        const end = pos + m[0].length
        const canonical = canonicalBreakTag(m[0])
        tokens.push({
          type: 'tag',
          text: m[0],
          start: pos,
          end,
          ...(canonical ? { reading: canonical } : {}),
        })
        pos = end
        continue
      }
    }
    if (ch === '&') {
      ENTITY.lastIndex = pos
      const m = ENTITY.exec(text)
      if (m) {
        // HTML entities pasted from web pages: symbols are read, spacing ones act as a space.
        const symbol = ENTITY_TEXT[(m[1] ?? '').toLowerCase()]
        const end = pos + m[0].length
        tokens.push(
          symbol
            ? { type: 'word', text: symbol, start: pos, end }
            : { type: 'drop', text: ' ', start: pos, end },
        )
        pos = end
        continue
      }
    }
    if (isSpace(ch)) {
      let end = pos
      let newlines = 0
      while (end < n && isSpace(text[end] ?? '')) {
        if (text[end] === '\n') newlines++
        end++
      }
      if (newlines > 0) tokens.push({ type: 'newline', text: newlines > 1 ? '\n\n' : '\n', start: pos, end })
      else tokens.push({ type: 'space', text: ' ', start: pos, end })
      pos = end
      continue
    }
    if (isDrop(ch)) {
      let end = pos
      while (end < n && isDrop(charAt(text, end))) end += charAt(text, end).length
      tokens.push({ type: 'drop', text: ' ', start: pos, end })
      pos = end
      continue
    }
    const atWordStart = pos === 0 || !ALNUM.test(text[pos - 1] ?? '')
    if (dictionary && atWordStart) {
      const hit = dictionary.match(text, pos)
      if (hit) {
        tokens.push({
          type: 'dict',
          text: text.slice(pos, hit.end),
          start: pos,
          end: hit.end,
          reading: hit.reading,
        })
        pos = hit.end
        continue
      }
    }
    if (HARD_PUNCT.has(ch)) {
      // A straight double quote opens after a space or the start and closes otherwise.
      const quote =
        pos === 0 || isSpace(text[pos - 1] ?? '') || HARD_PUNCT.has(text[pos - 1] ?? '') ? '“' : '”'
      tokens.push({ type: 'punct', text: ch === '"' ? quote : ch, start: pos, end: pos + 1 })
      pos++
      continue
    }
    pos = readWordRun(text, pos, tokens, dictionary)
  }
  return tokens
}

/** Consumes a run of non-space characters and pushes it as peeled punctuation + one word. */
function readWordRun(
  text: string,
  start: number,
  tokens: Token[],
  dictionary: DictionaryMatcher | null,
): number {
  const n = text.length
  let end = start
  while (end < n) {
    const ch = charAt(text, end)
    // Soft hyphens and zero-width joiners inside a word are invisible: kept in its range, not split on.
    if (INVISIBLE.test(ch)) {
      end += ch.length
      continue
    }
    if (isSpace(ch) || isDrop(ch) || HARD_PUNCT.has(ch)) break
    if (ch === '&' && end > start) {
      ENTITY.lastIndex = end
      if (ENTITY.test(text)) break
    }
    if (ch === '<' && end > start) {
      TAG.lastIndex = end
      if (TAG.test(text)) break
    }
    if (SOFT_PUNCT.has(ch)) {
      const next = text[end + 1] ?? ''
      if (next === '' || isSpace(next) || SOFT_PUNCT.has(next) || HARD_PUNCT.has(next)) break
    }
    // A comma inside a word is a decimal mark only between digits; otherwise it separates clauses.
    if (ch === ',' && !(DIGIT.test(text[end - 1] ?? '') && DIGIT.test(text[end + 1] ?? ''))) {
      if (end === start) end++
      break
    }
    // A dictionary word glued after punctuation still wins ("(Vinamilk)" handled by HARD_PUNCT already).
    if (
      dictionary &&
      end > start &&
      !ALNUM.test(text[end - 1] ?? '') &&
      ALNUM.test(ch) &&
      dictionary.match(text, end)
    ) {
      break
    }
    end += ch.length
  }
  // A run that starts with a splitting character ("!" after a word) still advances by that character.
  if (end === start) end = start + charAt(text, start).length
  // Peel leading punctuation ("'abc", "-abc" but not "-5").
  let wordStart = start
  while (wordStart < end && LEADING_PEEL.has(text[wordStart] ?? '')) {
    const isNegative =
      (text[wordStart] === '-' || text[wordStart] === '–') && DIGIT.test(text[wordStart + 1] ?? '')
    if (isNegative) break
    wordStart++
  }
  // Peel trailing punctuation, keeping a run of dots together (an ellipsis is one pause).
  let wordEnd = end
  while (wordEnd > wordStart && TRAILING_PEEL.has(text[wordEnd - 1] ?? '')) wordEnd--
  // "v.v." / "TP." keep no dot here: the abbreviation rules look at the next punct token.
  for (let p = start; p < wordStart; p++)
    tokens.push({ type: 'punct', text: text[p] ?? '', start: p, end: p + 1 })
  if (wordEnd > wordStart) {
    tokens.push({
      type: 'word',
      text: text.slice(wordStart, wordEnd).replace(INVISIBLE_ALL, '').normalize('NFC'),
      start: wordStart,
      end: wordEnd,
    })
  }
  pushTrailing(text, wordEnd, end, tokens)
  return end
}

function pushTrailing(text: string, from: number, to: number, tokens: Token[]): void {
  let p = from
  while (p < to) {
    if (text[p] === '.' && text[p + 1] === '.') {
      let q = p
      while (q < to && text[q] === '.') q++
      tokens.push({ type: 'punct', text: '…', start: p, end: q })
      p = q
      continue
    }
    tokens.push({ type: 'punct', text: text[p] ?? '', start: p, end: p + 1 })
    p++
  }
}

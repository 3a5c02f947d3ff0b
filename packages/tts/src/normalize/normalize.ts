/**
 * The normalizer pipeline: tokenize (tags and dictionary first) → ordered rules per word → assemble
 * text + source map. Pure: same input and options, same output.
 */
import { assemble, type OutItem } from './assemble.ts'
import { buildDictionary } from './dictionary.ts'
import { NormalizeError } from './errors.ts'
import { arithmeticSign } from './expression.ts'
import { citationEnd } from './markup.ts'
import type { RuleContext } from './rule-types.ts'
import {
  fallbackRule,
  LOWERCASE_WORD,
  LOWERCASE_WORD_RULES,
  MAX_STRUCTURED_LENGTH,
  RULES,
} from './rules/index.ts'
import { tokenize } from './tokenizer.ts'
import type { NormalizeOptions, NormalizeResult, Region } from './types.ts'
import { chooseNumberWords } from './word-choice.ts'

const REGIONS: readonly Region[] = ['NORTH', 'CENTRAL', 'SOUTH']

export function normalize(text: string, options: NormalizeOptions = {}): NormalizeResult {
  if (typeof text !== 'string') {
    throw new NormalizeError('NORMALIZE_INVALID_INPUT', 'text must be a string')
  }
  const region = options.region ?? 'NORTH'
  if (!REGIONS.includes(region)) {
    throw new NormalizeError(
      'NORMALIZE_INVALID_INPUT',
      `unknown region ${String(region)}; use NORTH, CENTRAL or SOUTH`,
    )
  }
  const dictionary = buildDictionary(options.dictionary ?? [], region)
  const tokens = tokenize(text, dictionary)
  const ctx: RuleContext = { tokens, words: chooseNumberWords(text, region), region }
  const items: OutItem[] = []
  let i = 0
  while (i < tokens.length) {
    const token = tokens[i]!
    switch (token.type) {
      case 'word': {
        const rules =
          token.text.length > MAX_STRUCTURED_LENGTH
            ? []
            : LOWERCASE_WORD.test(token.text)
              ? LOWERCASE_WORD_RULES
              : RULES
        let match = null
        for (const rule of rules) {
          match = rule(ctx, i)
          if (match) break
        }
        match ??= fallbackRule(ctx, i)!
        for (const frag of match.frags) items.push({ type: 'speech', ...frag })
        i = Math.max(i + 1, match.next)
        continue
      }
      case 'dict':
        items.push({
          type: 'speech',
          text: token.reading ?? token.text,
          kind: 'dictionary',
          start: token.start,
          end: token.end,
        })
        break
      case 'tag':
        if (token.reading) {
          items.push({
            type: 'speech',
            text: token.reading,
            kind: 'break',
            start: token.start,
            end: token.end,
          })
        }
        // Any other tag is markup: dropped without a trace (the words around it stay separate tokens).
        break
      case 'punct': {
        const skip = citationEnd(tokens, i)
        if (skip > 0) {
          items.push({ type: 'space' })
          i = skip
          continue
        }
        const sign = arithmeticSign(tokens, i)
        if (sign) {
          items.push({ type: 'speech', text: sign, kind: 'symbol', start: token.start, end: token.end })
          break
        }
        // Apostrophes (23h59', rock 'n' roll) are not pauses; everything else is kept for the segmenter.
        if (token.text === "'" || token.text === '’') items.push({ type: 'space' })
        else items.push({ type: 'punct', text: token.text })
        break
      }
      case 'newline':
        items.push({ type: 'newline', text: token.text })
        break
      default:
        items.push({ type: 'space' })
    }
    i++
  }
  return assemble(text, items)
}

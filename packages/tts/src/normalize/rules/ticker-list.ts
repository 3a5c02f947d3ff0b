/**
 * A comma list of stock tickers ("SSI, HCM, VCI, VND"): each three-capital code is spelled, even one that is also an
 * abbreviation (HCM hồ chí minh) or a currency (VND đồng), because the list says it is a ticker. A list of three or
 * more codes with at least two that are neither currencies nor abbreviations is a ticker list; "USD, EUR, JPY" is not.
 */
import { ABBREVIATIONS } from '../abbreviations.ts'
import { CURRENCY_CODES } from '../currency.ts'
import { spellLetters } from '../letters.ts'
import type { Rule, RuleContext } from '../rule-types.ts'

const TICKER = /^[A-Z]{3}$/

/** The word token one comma away from token i in direction `step` (-1 before, +1 after); undefined otherwise. */
function listNeighbour(ctx: RuleContext, i: number, step: 1 | -1): string | undefined {
  let j = i + step
  const skipSpaces = (): void => {
    while (ctx.tokens[j]?.type === 'space') j += step
  }
  skipSpaces()
  if (ctx.tokens[j]?.text !== ',') return undefined
  j += step
  skipSpaces()
  const token = ctx.tokens[j]
  return token?.type === 'word' ? token.text : undefined
}

/** The codes of the comma list token i is in, walking `step` away from it. */
function chain(ctx: RuleContext, i: number, step: 1 | -1): string[] {
  const out: string[] = []
  let k = i
  for (;;) {
    const word = listNeighbour(ctx, k, step)
    if (word === undefined || !TICKER.test(word)) return out
    out.push(word)
    // Move k onto that word: past spaces, the comma and spaces again.
    k += step
    while (ctx.tokens[k]?.text !== word) k += step
  }
}

const plainCode = (word: string): boolean => !CURRENCY_CODES.has(word) && ABBREVIATIONS[word] === undefined

export const tickerListRule: Rule = (ctx, i) => {
  const token = ctx.tokens[i]
  if (!token || !TICKER.test(token.text)) return null
  const list = [...chain(ctx, i, -1), token.text, ...chain(ctx, i, 1)]
  if (list.length < 3 || list.filter(plainCode).length < 2) return null
  return {
    next: i + 1,
    frags: [{ text: spellLetters(token.text), kind: 'acronym', start: token.start, end: token.end }],
  }
}

/** The shapes shared by the rule modules: what a rule sees and what it returns. */
import type { NumberWords } from './number-reader.ts'
import type { Token } from './tokenizer.ts'
import type { DoubtReason, Region, SpanKind } from './types.ts'

/** One spoken fragment produced from source characters [start, end). */
export interface Frag {
  text: string
  kind: SpanKind
  start: number
  end: number
  doubt?: DoubtReason
}

/** A rule's answer: the fragments it speaks and the index of the first token it did not consume. */
export interface RuleMatch {
  next: number
  frags: Frag[]
}

export interface RuleContext {
  tokens: readonly Token[]
  words: NumberWords
  region: Region
}

/** A rule looks at token `i` (always a word) and its neighbours; null when it does not apply. */
export type Rule = (ctx: RuleContext, i: number) => RuleMatch | null

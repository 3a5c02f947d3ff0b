/** Public types of the Vietnamese normalizer. */

export type Region = 'NORTH' | 'CENTRAL' | 'SOUTH'

/** A user/organisation pronunciation entry, applied before the rules. */
export interface DictionaryEntry {
  /** What the user types (matched case-insensitively on word boundaries). */
  word: string
  /** How it is read. */
  reading: string
  /** Only for this region; all regions when absent. */
  region?: Region
}

export interface NormalizeOptions {
  region?: Region
  dictionary?: readonly DictionaryEntry[]
}

/** What kind of rule produced a spoken fragment (the studio highlights non-plain kinds). */
export type SpanKind =
  | 'plain'
  | 'number'
  | 'decimal'
  | 'ordinal'
  | 'date'
  | 'time'
  | 'currency'
  | 'percent'
  | 'unit'
  | 'range'
  | 'score'
  | 'fraction'
  | 'phone'
  | 'roman'
  | 'abbreviation'
  | 'acronym'
  | 'email'
  | 'url'
  | 'version'
  | 'symbol'
  | 'dictionary'
  | 'break'

/**
 * Why a rule is not sure of its reading; the studio shows these first so the user can add a dictionary entry.
 * - unknown-acronym: capitals not in the lexicon, spelled letter by letter
 * - capitalised-word: capitals read as a word because they look pronounceable
 * - code: a product, model or flight code read as characters and digit groups
 * - date-or-number: a d.m / d-m read as a date from the words around it
 */
export type DoubtReason =
  'unknown-acronym' | 'capitalised-word' | 'code' | 'date-or-number' | 'ambiguous-abbreviation'

/**
 * Source map entry: the spoken fragment `text` occupies [outStart, outEnd) of the normalized text and
 * comes from [srcStart, srcEnd) of the text the user typed (UTF-16 offsets of the original input).
 */
export interface SourceSpan {
  kind: SpanKind
  text: string
  source: string
  srcStart: number
  srcEnd: number
  outStart: number
  outEnd: number
  /** Set when the rule that read this fragment is not sure of it. */
  doubt?: DoubtReason
}

export interface NormalizeResult {
  /** The fully speakable text. */
  text: string
  /** Ordered, non-overlapping spans covering every spoken fragment. */
  spans: SourceSpan[]
}

/** Public API of the Vietnamese normalizer (re-exported by @loa/tts). */
export { normalize } from './normalize.ts'
export {
  DEFAULT_NUMBER_WORDS,
  DIGIT_NAMES,
  readDecimal,
  readDigits,
  readFraction,
  readIntegerDigits,
  readNumber,
  type NumberWords,
} from './number-reader.ts'
export { buildDictionary, type DictionaryMatcher } from './dictionary.ts'
export { NormalizeError, type NormalizeErrorCode } from './errors.ts'
export { canonicalBreakTag, MAX_BREAK_MS } from './break-tag.ts'
export { spellLetters } from './letters.ts'
export type {
  DictionaryEntry,
  DoubtReason,
  NormalizeOptions,
  NormalizeResult,
  Region,
  SourceSpan,
  SpanKind,
} from './types.ts'

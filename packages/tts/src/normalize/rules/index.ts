/**
 * The ordered rule list: the first rule that claims a word wins. Specific shapes (emails, phones,
 * dates, times) come before general ones (amounts, abbreviations), and the splitter comes last.
 */
import type { Rule } from '../rule-types.ts'
import { abbreviationRule } from './abbreviation.ts'
import { arithmeticRule } from './arithmetic.ts'
import { acronymRule } from './acronym.ts'
import { codeRule } from './code.ts'
import { leadingZeroCountRule } from './count.ts'
import { dateRule } from './date.ts'
import { dimensionRule } from './dimension.ts'
import { fallbackRule } from './fallback.ts'
import { fractionRule } from './fraction.ts'
import { lexiconRule } from './lexicon.ts'
import { listMarkerRule } from './list-marker.ts'
import { numberedAbbreviationRule } from './numbered.ts'
import { ordinalRule } from './ordinal.ts'
import { phoneRule, plateRule } from './phone.ts'
import { perWordRule, quantityRule, unitWordRule } from './quantity.ts'
import { rangeRule } from './range.ts'
import { ratioRule } from './ratio.ts'
import { romanRule } from './roman.ts'
import { tickerListRule } from './ticker-list.ts'
import { timeRule } from './time.ts'
import { versionRule } from './version.ts'
import { webRule } from './web.ts'

/** Words longer than this skip the structured rules (no real number or date is that long). */
export const MAX_STRUCTURED_LENGTH = 256

export const RULES: readonly Rule[] = [
  listMarkerRule,
  webRule,
  lexiconRule,
  tickerListRule,
  numberedAbbreviationRule,
  phoneRule,
  plateRule,
  codeRule,
  leadingZeroCountRule,
  dimensionRule,
  dateRule,
  ordinalRule,
  versionRule,
  arithmeticRule,
  rangeRule,
  ratioRule,
  timeRule,
  fractionRule,
  romanRule,
  quantityRule,
  perWordRule,
  unitWordRule,
  abbreviationRule,
  acronymRule,
]

/** A word of lowercase letters only can be nothing but a unit after a number or a lowercase abbreviation. */
export const LOWERCASE_WORD_RULES: readonly Rule[] = [
  listMarkerRule,
  romanRule,
  unitWordRule,
  abbreviationRule,
]
export const LOWERCASE_WORD = /^[\p{Ll}\p{M}]+$/u

export { fallbackRule }

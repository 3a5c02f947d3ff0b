/**
 * All-capital words: well-known word-like acronyms are read as words (ASEAN a xê an, COVID cô vít),
 * others are spelled with Vietnamese letter names (VTV vê tê vê). Capitalised Vietnamese words in a
 * headline ("THÔNG BÁO") are words, not acronyms, and stay as written.
 */
import { letterName, spellLetters } from '../letters.ts'
import { lexiconCapitals, lexiconExact, lexiconReviewed, lexiconSpelled } from '../lexicon/lexicon.ts'
import type { Rule, RuleContext } from '../rule-types.ts'
import type { Region } from '../types.ts'

/** Letters with Vietnamese diacritics: a capitalised word carrying one is a Vietnamese word. */
const VIETNAMESE_MARKED = /[ĂÂÊÔƠƯÁÀẢÃẠẮẰẲẴẶẤẦẨẪẬÉÈẺẼẸẾỀỂỄỆÍÌỈĨỊÓÒỎÕỌỐỒỔỖỘỚỜỞỠỢÚÙỦŨỤỨỪỬỮỰÝỲỶỸỴ]/u
const SYLLABLE =
  /^(ngh|ng|nh|ch|gh|gi|kh|ph|qu|th|tr|[bcdđghklmnprstvx])?(uye|uya|oai|oay|uoi|uou|ươi|ươu|ieu|yeu|oa|oe|uy|ua|uo|ia|ie|ye|ai|ao|au|ay|eo|iu|oi|ui|[aeiouy])(ng|nh|ch|[cmnpt])?$/

/** Acronyms read as words by Vietnamese newsreaders: the reviewed lexicon (lexicon/acronyms.vi.tsv). */
export function readWordLike(letters: string, region?: Region): string | null {
  return lexiconExact(letters, region) ?? lexiconCapitals(letters, region)
}

/**
 * A long capitalised run that is pronounceable (vowels spread through it, no three consonants together) is a
 * word written in capitals — a product or shop name ("COPENHAGEN", "GAMING") — not letters to spell.
 */
function capitalisedWord(letters: string): boolean {
  if (letters.length < 5 || !/^[A-Z]+$/.test(letters)) return false
  const vowels = letters.replace(/[^AEIOUY]/g, '').length
  return vowels / letters.length >= 0.3 && !/[^AEIOUY]{3}/.test(letters.replace(/([A-Z])\1/g, '$1'))
}

function isCapsWord(text: string): boolean {
  return /^[\p{Lu}]{2,}$/u.test(text)
}

/** Whether a neighbouring word is a capitalised Vietnamese word (a headline written in capitals). */
function inHeadline(ctx: RuleContext, i: number): boolean {
  for (const j of [i - 2, i + 2, i - 1, i + 1]) {
    const t = ctx.tokens[j]
    if (t && t.type === 'word' && isCapsWord(t.text) && VIETNAMESE_MARKED.test(t.text)) return true
  }
  return false
}

/** Reads an all-capital letter run (no digits) as an acronym; null when it is a word to keep. */
export function readCapitals(ctx: RuleContext | null, i: number, letters: string): string | null {
  const wordLike = readWordLike(letters, ctx?.region)
  if (wordLike) return wordLike
  if (lexiconSpelled(letters)) return spellLetters(letters)
  if (VIETNAMESE_MARKED.test(letters)) return null
  if (ctx && inHeadline(ctx, i) && SYLLABLE.test(letters.toLowerCase())) return null
  if (capitalisedWord(letters)) return letters.toLowerCase()
  return spellLetters(letters)
}

/**
 * Mixed-case acronyms (IoT, mRNA, eKYC, PhD): at least two capitals, at most two small letters, and a capital
 * that does not start a syllable. CamelCase words whose every capital starts one (WiFi, TikTok, YouTube) and
 * brand names (iPhone, iOS, macOS) are left to the engine.
 */
function readMixedCase(text: string, region?: Region): string | null {
  // "iOS", "iPadOS": Apple's brand style stays a name.
  if (!/^[A-Za-z]{2,7}$/.test(text) || /^[A-Z]+$|^[a-z]+$|^i[A-Z]/.test(text)) return null
  const known = readWordLike(text, region)
  if (known) return known
  const capitals = text.replace(/[a-z]/g, '').length
  if (capitals < 2 || text.length - capitals > 2 || !/[A-Z](?![a-z])/.test(text)) return null
  return spellLetters(text.toUpperCase())
}

export const acronymRule: Rule = (ctx, i) => {
  const token = ctx.tokens[i]
  if (!token) return null
  const text = token.text
  // A lone capital vowel (Y tế, ông A, vitamin E) reads as itself: keep it as written.
  if (/^[AĂÂEÊIOÔƠUƯY]$/u.test(text)) return null
  if (/^\p{Lu}$/u.test(text)) {
    // A lone capital consonant is a letter ("vitamin C", "hạng B"); a vowel reads the same either way.
    const name = letterName(text)
    return name
      ? { next: i + 1, frags: [{ text: name, kind: 'acronym', start: token.start, end: token.end }] }
      : null
  }
  const mixed = readMixedCase(text, ctx.region)
  if (mixed)
    return { next: i + 1, frags: [{ text: mixed, kind: 'acronym', start: token.start, end: token.end }] }
  if (!/^[A-ZĐ]{2,12}$/.test(text) && !/^[A-Z][a-z]{2,6}$/.test(text)) return null
  if (/^[A-Z][a-z]+$/.test(text)) {
    // "Covid", "Asean": capitalised forms of word-like acronyms.
    const w = readWordLike(text, ctx.region)
    return w
      ? { next: i + 1, frags: [{ text: w, kind: 'acronym', start: token.start, end: token.end }] }
      : null
  }
  const reading = readCapitals(ctx, i, text)
  if (reading === null) return null
  // Not in the lexicon: spelled or read as a word by the rule alone, so the studio asks the user first.
  const doubt = lexiconReviewed(text)
    ? undefined
    : reading === text.toLowerCase()
      ? ('capitalised-word' as const)
      : ('unknown-acronym' as const)
  const frag = { text: reading, kind: 'acronym' as const, start: token.start, end: token.end }
  return { next: i + 1, frags: [doubt ? { ...frag, doubt } : frag] }
}

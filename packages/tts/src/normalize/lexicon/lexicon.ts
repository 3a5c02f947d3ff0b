/**
 * The acronym and brand lexicon (acronyms.vi.tsv): reviewed data, one entry per line with the reason it is
 * there. Entries read "spell" document names people spell; they keep the letter rule and are not in the map.
 */
import { readFileSync } from 'node:fs'

export interface LexiconEntry {
  word: string
  reading: string
  reason: string
}

export function parseLexicon(text: string): LexiconEntry[] {
  const entries: LexiconEntry[] = []
  text.split('\n').forEach((raw, index) => {
    if (raw.trim() === '' || raw.startsWith('#')) return
    const [word, reading, reason, ...extra] = raw.split('\t')
    if (!word || !reading || !reason || extra.length > 0) {
      throw new Error(`acronyms.vi.tsv line ${index + 1}: want word<TAB>reading<TAB>reason`)
    }
    entries.push({ word, reading, reason })
  })
  return entries
}

export const LEXICON: readonly LexiconEntry[] = parseLexicon(
  readFileSync(new URL('./acronyms.vi.tsv', import.meta.url), 'utf8'),
)

/** Kinds of names also written in lower case ("Covid", "Unesco", "Amoled"); brands and tech words are not. */
const CASELESS =
  /^(organisation|sports body|UN agency|disease|virus|English test|space agency|vaccine|display technology|group|trade bloc|Asian Games)/

/** Said-as-a-word readings by exact spelling ("SARS-CoV-2", "VN-Index") and by capitals ("ASEAN"). */
const EXACT = new Map<string, string>()
/** Every reviewed word, the spelled ones included. */
const REVIEWED = new Set(LEXICON.map((entry) => entry.word))
const CAPITALS = new Map<string, string>()
for (const entry of LEXICON) {
  if (entry.reading === 'spell') continue
  EXACT.set(entry.word, entry.reading)
  // Brand names match only in capitals ("ZALO"); "Zalo" as written is the brand's own word for the engine.
  if (/^[A-Z]+$/.test(entry.word) && CASELESS.test(entry.reason)) CAPITALS.set(entry.word, entry.reading)
}

/** The lexicon reading of a whole token written exactly so; null when it is not listed. */
export function lexiconExact(word: string): string | null {
  return EXACT.get(word) ?? null
}

/** The lexicon reading of a letter run compared in capitals ("Asean", "ASEAN"); null when not listed. */
export function lexiconCapitals(letters: string): string | null {
  return (
    CAPITALS.get(letters.toUpperCase()) ?? (/^[A-Z]+$/.test(letters) ? (EXACT.get(letters) ?? null) : null)
  )
}

/** Whether the word was reviewed (read as a word or spelled on purpose): its reading is not in doubt. */
export function lexiconReviewed(word: string): boolean {
  return REVIEWED.has(word)
}

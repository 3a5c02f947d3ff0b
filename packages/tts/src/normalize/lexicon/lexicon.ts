/**
 * The acronym and brand lexicon (acronyms.vi.tsv): data, one entry per line with the reason it is there. Entries
 * read "spell" document names people spell; they keep the letter rule and are not in the map. A fourth column
 * names a region (NORTH, CENTRAL, SOUTH): that line is the word's reading for voices of that region only, over the
 * region-less line ("WTO" vê kép tê ô, in the South vê đúp tê ô).
 */
import { readFileSync } from 'node:fs'
import type { Region } from '../types.ts'

export interface LexiconEntry {
  word: string
  reading: string
  reason: string
  /** Only for this region; all regions when absent. */
  region?: Region
}

const REGIONS: readonly string[] = ['NORTH', 'CENTRAL', 'SOUTH']

export function parseLexicon(text: string): LexiconEntry[] {
  const entries: LexiconEntry[] = []
  text.split('\n').forEach((raw, index) => {
    if (raw.trim() === '' || raw.startsWith('#')) return
    const [word, reading, reason, region, ...extra] = raw.split('\t')
    if (
      !word ||
      !reading ||
      !reason ||
      extra.length > 0 ||
      (region !== undefined && !REGIONS.includes(region))
    ) {
      throw new Error(
        `acronyms.vi.tsv line ${index + 1}: want word<TAB>reading<TAB>reason[<TAB>NORTH|CENTRAL|SOUTH]`,
      )
    }
    entries.push(region ? { word, reading, reason, region: region as Region } : { word, reading, reason })
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
/** A region's own readings, by `${region} ${word}` ("SOUTH WTO"). */
const REGIONAL = new Map<string, string>()
/** Every listed word, the spelled ones included. */
const REVIEWED = new Set(LEXICON.map((entry) => entry.word))
const CAPITALS = new Map<string, string>()
const SPELLED = new Set(LEXICON.filter((e) => !e.region && e.reading === 'spell').map((e) => e.word))
for (const entry of LEXICON) {
  if (entry.region) {
    REGIONAL.set(`${entry.region} ${entry.word}`, entry.reading)
    continue
  }
  if (entry.reading === 'spell') continue
  EXACT.set(entry.word, entry.reading)
  // Brand names match only in capitals ("ZALO"); "Zalo" as written is the brand's own word for the engine.
  if (/^[A-Z]+$/.test(entry.word) && CASELESS.test(entry.reason)) CAPITALS.set(entry.word, entry.reading)
}

/** The lexicon reading of a whole token written exactly so (the region's own first); null when it is not listed. */
export function lexiconExact(word: string, region?: Region): string | null {
  return (region ? REGIONAL.get(`${region} ${word}`) : undefined) ?? EXACT.get(word) ?? null
}

/** The lexicon reading of a letter run compared in capitals ("Asean", "ASEAN"); null when not listed. */
export function lexiconCapitals(letters: string, region?: Region): string | null {
  return (
    CAPITALS.get(letters.toUpperCase()) ?? (/^[A-Z]+$/.test(letters) ? lexiconExact(letters, region) : null)
  )
}

/** Whether the word is listed to be spelled ("ICISE"), even where its letters would read as a word. */
export function lexiconSpelled(word: string): boolean {
  return SPELLED.has(word)
}

/** Whether the word is listed (read as a word or spelled on purpose): its reading is not in doubt. */
export function lexiconReviewed(word: string): boolean {
  return REVIEWED.has(word)
}

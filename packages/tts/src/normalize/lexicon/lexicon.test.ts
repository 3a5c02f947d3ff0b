/** The lexicon is reviewed data: every entry has a reading and a reason, and no word is listed twice. */
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { LEXICON, lexiconCapitals, lexiconExact, lexiconSpelled, parseLexicon } from './lexicon.ts'

describe('acronym and brand lexicon', () => {
  it('lists each word once per region, each with a reason and a reading in Vietnamese letters', () => {
    expect(LEXICON.length).toBeGreaterThanOrEqual(340)
    const keys = LEXICON.map((e) => `${e.region ?? ''} ${e.word}`)
    expect(new Set(keys).size).toBe(LEXICON.length)
    for (const entry of LEXICON) {
      expect(entry.reason.length, entry.word).toBeGreaterThan(5)
      expect(entry.reading, entry.word).toMatch(/^(spell|[\p{L}\p{M}]+(?: [\p{L}\p{M}]+)*)$/u)
    }
  })

  it('gives a region its own reading only where it differs, over a region-less line for the same word', () => {
    const regional = LEXICON.filter((e) => e.region)
    expect(regional.length).toBeGreaterThan(0)
    for (const entry of regional) {
      const base = LEXICON.find((e) => !e.region && e.word === entry.word)
      expect(base, entry.word).toBeDefined()
      expect(entry.reading, entry.word).not.toBe(base!.reading)
    }
    expect(lexiconExact('WTO', 'SOUTH')).toBe('vê đúp tê ô')
    expect(lexiconExact('WTO', 'NORTH')).toBeNull()
    expect(lexiconCapitals('ASEAN', 'SOUTH')).toBe('a xê an')
    expect(() => parseLexicon('WTO\tvê đúp tê ô\tSouthern name\tWEST\n')).toThrow(/line 1/)
  })

  it('reads organisations in any case, brands only as written, spelled names not at all', () => {
    expect(lexiconCapitals('Unesco')).toBe('u nét xcô')
    expect(lexiconCapitals('ZALO')).toBe('da lô')
    expect(lexiconCapitals('Zalo')).toBeNull()
    expect(lexiconCapitals('GDP')).toBeNull()
    expect(lexiconExact('SARS-CoV-2')).toBe('sa cô vi hai')
    // Spelled on purpose even where the letters would read as a word.
    expect(lexiconSpelled('ICISE')).toBe(true)
    expect(lexiconSpelled('ASEAN')).toBe(false)
  })

  it('rejects a line without a reason', () => {
    expect(() => parseLexicon('ABC\ta bê xê\n')).toThrow(/line 1/)
    expect(readFileSync(new URL('./acronyms.vi.tsv', import.meta.url), 'utf8')).toContain('\tspell\t')
  })
})

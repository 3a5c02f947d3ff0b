/** The lexicon is reviewed data: every entry has a reading and a reason, and no word is listed twice. */
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { LEXICON, lexiconCapitals, lexiconExact, parseLexicon } from './lexicon.ts'

describe('acronym and brand lexicon', () => {
  it('lists each word once, each with a reason', () => {
    expect(LEXICON.length).toBeGreaterThanOrEqual(150)
    expect(new Set(LEXICON.map((e) => e.word)).size).toBe(LEXICON.length)
    for (const entry of LEXICON) expect(entry.reason.length, entry.word).toBeGreaterThan(5)
  })

  it('reads organisations in any case, brands only as written, spelled names not at all', () => {
    expect(lexiconCapitals('Unesco')).toBe('u nét xcô')
    expect(lexiconCapitals('ZALO')).toBe('da lô')
    expect(lexiconCapitals('Zalo')).toBeNull()
    expect(lexiconCapitals('GDP')).toBeNull()
    expect(lexiconExact('SARS-CoV-2')).toBe('sa cô vi hai')
  })

  it('rejects a line without a reason', () => {
    expect(() => parseLexicon('ABC\ta bê xê\n')).toThrow(/line 1/)
    expect(readFileSync(new URL('./acronyms.vi.tsv', import.meta.url), 'utf8')).toContain('\tspell\t')
  })
})

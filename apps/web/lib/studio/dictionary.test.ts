import { describe, expect, it } from 'vitest'
import type { DictionaryEntry } from './api'
import { entryFor, filterEntries, wordKey } from './dictionary'

const entry = (id: string, word: string, reading: string, region: DictionaryEntry['region'] = null) => ({
  id,
  word,
  reading,
  region,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
})

const ENTRIES: DictionaryEntry[] = [
  entry('1', 'WHO', 'hu'),
  entry('2', 'Hồ Chí Minh', 'hồ chí minh'),
  entry('3', 'bắp', 'ngô', 'NORTH'),
  entry('4', 'bắp', 'bắp ngọt', 'SOUTH'),
  entry('5', 'Đắk Lắk', 'đắc lắc'),
]

describe('studio pronunciation dictionary helpers', () => {
  it('keys words like the API: case, surrounding and repeated spaces, composed marks', () => {
    expect(wordKey(' Who ')).toBe('who')
    expect(wordKey('Hồ  Chí\tMinh'.normalize('NFD'))).toBe('hồ chí minh')
    // Words in capitals only are acronyms and keep their case: "AI" is not the word "ai".
    expect(wordKey(' WHO ')).toBe('WHO')
    expect(wordKey('AI')).not.toBe(wordKey('ai'))
  })

  it('searches words and readings, ignoring case and Vietnamese marks', () => {
    expect(filterEntries(ENTRIES, '').map((e) => e.id)).toEqual(['1', '2', '3', '4', '5'])
    expect(filterEntries(ENTRIES, 'ho chi').map((e) => e.id)).toEqual(['2'])
    expect(filterEntries(ENTRIES, 'NGO').map((e) => e.id)).toEqual(['3', '4'])
    expect(filterEntries(ENTRIES, 'dak').map((e) => e.id)).toEqual(['5'])
    expect(filterEntries(ENTRIES, 'xyz')).toEqual([])
  })

  it("finds the entry a word is read with for a voice's region (regional first)", () => {
    expect(entryFor(ENTRIES, 'WHO')?.id).toBe('1')
    expect(entryFor(ENTRIES, 'who')).toBeUndefined()
    const withAi = [...ENTRIES, entry('6', 'ai', 'người nào'), entry('7', 'AI', 'ây ai')]
    expect(entryFor(withAi, 'AI')?.id).toBe('7')
    expect(entryFor(withAi, 'Ai')?.id).toBe('6')
    expect(entryFor(ENTRIES, 'BẮP', 'SOUTH')?.id).toBe('4')
    expect(entryFor(ENTRIES, 'bắp', 'CENTRAL')).toBeUndefined()
    expect(entryFor(ENTRIES, 'WHO', 'SOUTH')?.id).toBe('1')
    expect(entryFor(ENTRIES, 'UBND')).toBeUndefined()
  })
})

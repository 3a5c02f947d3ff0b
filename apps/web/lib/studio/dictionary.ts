/**
 * Pronunciation dictionary helpers of the studio (pure). Words are compared the way the API and the tts
 * matcher compare them: trimmed, NFC, one space per whitespace run, case-insensitive except for words written in
 * capitals only (acronyms), which keep their case.
 */
import { dictionaryWordKey, textWordKeys } from '@loa/contracts/browser'
import type { DictionaryEntry, DictionaryRegion } from './api'

/** Input limits (the API answers DICTIONARY_WORD_INVALID / DICTIONARY_READING_INVALID past them). */
export const MAX_WORD_LENGTH = 100
export const MAX_READING_LENGTH = 300

/** The key a word is stored under: the tts matcher's own function (capitals-only words keep their case). */
export const wordKey = dictionaryWordKey

/** Lowercase without Vietnamese marks: "Hồ Chí Minh" and "ho chi minh" search alike. */
const plain = (s: string) =>
  s.normalize('NFD').replace(/\p{M}/gu, '').replace(/đ/g, 'd').replace(/Đ/g, 'D').toLowerCase()

/** Entries whose word or reading contains the query (case and marks ignored). */
export const filterEntries = (entries: readonly DictionaryEntry[], query: string): DictionaryEntry[] => {
  const q = plain(query.trim())
  if (!q) return [...entries]
  return entries.filter((e) => plain(e.word).includes(q) || plain(e.reading).includes(q))
}

/**
 * The entry a word of the text is read with for a voice of `region`: the entry of that region if any, else
 * the region-less one (what the matcher applies). Undefined when the word has none.
 */
export const entryFor = (
  entries: readonly DictionaryEntry[],
  word: string,
  region?: DictionaryRegion | null,
): DictionaryEntry | undefined => {
  // Like the matcher: an entry written in the text's exact case first ("AI" over "ai"), then a folded one.
  for (const key of textWordKeys(word)) {
    const same = entries.filter((e) => wordKey(e.word) === key)
    const found =
      (region ? same.find((e) => e.region === region) : undefined) ?? same.find((e) => e.region === null)
    if (found) return found
  }
  return undefined
}

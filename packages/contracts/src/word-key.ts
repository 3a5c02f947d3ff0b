/**
 * How dictionary words are compared: the normalizer's matcher (@loa/tts), the api's store of entries and the web
 * (finding the entry a word of the text is read with) all use these very functions.
 */

/** Lowercases one UTF-16 unit, keeping it when lowercasing would change the length (offsets stay exact). */
export function fold(unit: string): string {
  const lower = unit.toLowerCase()
  return lower.length === 1 ? lower : unit
}

/** Trimmed, NFC, whitespace runs as one space. */
const cleanWord = (word: string): string => word.trim().normalize('NFC').replace(/\s+/gu, ' ')

/** Each UTF-16 unit folded like the matcher does. */
const foldWord = (word: string): string => word.split('').map(fold).join('')

/** An acronym-like word: at least two letters, every letter a capital ("AI", "TP.HCM", "COVID-19"). */
export function isCapitalsOnly(word: string): boolean {
  const letters = word.match(/\p{L}/gu) ?? []
  return letters.length >= 2 && letters.every((l) => l !== l.toLowerCase() && l === l.toUpperCase())
}

/**
 * The form under which the matcher compares a dictionary word: trimmed, NFC, whitespace runs as one space,
 * and, unless the word is written in capitals only, each UTF-16 unit lowercased like the matcher does. Two
 * words with the same key match the same text, so a store of entries can keep one entry per key (and region).
 */
export function dictionaryWordKey(word: string): string {
  const clean = cleanWord(word)
  return isCapitalsOnly(clean) ? clean : foldWord(clean)
}

/**
 * The keys under which an entry would read this word of a text: its exact form (entries in capitals) and its
 * folded form (every other entry). "BẮP" is read by an entry "bắp"; "who" is not read by an entry "WHO".
 */
export function textWordKeys(word: string): [exact: string, folded: string] {
  const clean = cleanWord(word)
  return [clean, foldWord(clean)]
}

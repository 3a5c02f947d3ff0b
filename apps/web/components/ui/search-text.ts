/**
 * Text folded for searching Vietnamese: lower case, tone and vowel marks removed, đ read as d — so "giong nu mien
 * bac" finds "Giọng nữ miền Bắc", as people type without an IME.
 */
export const foldForSearch = (text: string): string =>
  text.normalize('NFD').replace(/\p{M}/gu, '').replace(/đ/g, 'd').replace(/Đ/g, 'D').toLowerCase().trim()

/** Whether every word of the query appears in the text, folded. */
export const matchesSearch = (text: string, query: string): boolean => {
  const haystack = foldForSearch(text)
  return foldForSearch(query)
    .split(/\s+/)
    .filter(Boolean)
    .every((word) => haystack.includes(word))
}

/**
 * Vietnamese letter names for spelling acronyms (VTV → vê tê vê, HIV → hát i vê, ATM → a tê mờ).
 * Final consonants of spelled acronyms take the short "-ờ" names (mờ, nờ, lờ, rờ) as newsreaders say them.
 */
const LETTER_NAMES: Record<string, string> = {
  a: 'a',
  ă: 'á',
  â: 'ớ',
  b: 'bê',
  c: 'xê',
  d: 'dê',
  đ: 'đê',
  e: 'e',
  ê: 'ê',
  f: 'ép',
  g: 'giê',
  h: 'hát',
  i: 'i',
  j: 'gi',
  k: 'ca',
  l: 'lờ',
  m: 'mờ',
  n: 'nờ',
  o: 'o',
  ô: 'ô',
  ơ: 'ơ',
  p: 'pê',
  q: 'quy',
  r: 'rờ',
  s: 'ét',
  t: 'tê',
  u: 'u',
  ư: 'ư',
  v: 'vê',
  w: 'vê kép',
  x: 'ích',
  y: 'i',
  z: 'dét',
}

export function letterName(letter: string): string | null {
  return LETTER_NAMES[letter.toLowerCase()] ?? null
}

/** Spells every letter; letters without a name (other scripts) are kept as they are. */
export function spellLetters(word: string): string {
  const out: string[] = []
  for (const ch of word) out.push(letterName(ch) ?? ch)
  return out.join(' ')
}

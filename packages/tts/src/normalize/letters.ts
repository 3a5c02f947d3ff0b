/**
 * Vietnamese letter names. A letter on its own (an initial "Lê Văn D", a class "10D", a plate series) takes its
 * alphabet name (D dê, G giê, O o). Spelled acronyms of two or more letters, foreign and domestic alike, take the
 * names broadcasters say: D "đê" (GDP gờ đê pê, DVD đê vê đê), O "ô" (VOV vê ô vê, WHO vê kép hát ô, ODA ô đê a),
 * G "gờ"; J "gi", W "vê kép", Z "dét"; final consonants the short "-ờ" names (ATM a tê mờ). See docs/decisions.md.
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

/** How letters sound inside a spelled acronym where that differs from the alphabet name. */
const IN_ACRONYMS: Record<string, string> = { d: 'đê', g: 'gờ', o: 'ô' }

/** The alphabet name of one letter standing alone. */
export function letterName(letter: string): string | null {
  return LETTER_NAMES[letter.toLowerCase()] ?? null
}

/** Spells an acronym letter by letter; letters without a name (other scripts) are kept as they are. */
export function spellLetters(word: string): string {
  const out: string[] = []
  for (const ch of word) out.push(IN_ACRONYMS[ch.toLowerCase()] ?? letterName(ch) ?? ch)
  return out.join(' ')
}

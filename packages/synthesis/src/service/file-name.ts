/** Separators no file system accepts somewhere (Windows is the strictest): kept as a dash. */
const SEPARATORS = /[:/\\|]/g
/** Other characters some file system refuses, and control characters: dropped. */
// eslint-disable-next-line no-control-regex
const DROPPED = /[<>?*\u0000-\u001f\u007f]/g
/** Names Windows reserves for devices. */
const RESERVED = /^(con|prn|aux|nul|com[1-9]|lpt[1-9])$/i
const MAX_LENGTH = 80

/**
 * A download's file name from a title, safe on every OS and faithful to the title: a separator that cannot stay
 * becomes a dash ("23/11/2026" → "23-11-2026", "Phần 1: Mở đầu" → "Phần 1 - Mở đầu"), quotes are single, spaces are
 * single, nothing ends in a dot or a space, and a long
 * title is cut between words (never inside one). Empty or reserved names fall back to `fallback`.
 */
export const downloadBaseName = (title: string, fallback: string, max = MAX_LENGTH): string => {
  let name = title
    .normalize('NFC')
    .replace(/\s+/g, ' ')
    .replace(/"/g, "'")
    .replace(/: /g, ' - ')
    .replace(SEPARATORS, '-')
    .replace(DROPPED, '')
    .replace(/ ?-( ?-)+ ?/g, ' - ')
    .replace(/-{2,}/g, '-')
    .trim()
  if ([...name].length > max) {
    const chars = [...name].slice(0, max + 1)
    const cut = chars.lastIndexOf(' ')
    name = chars.slice(0, cut > max / 2 ? cut : max).join('')
  }
  name = name.replace(/[\s.-]+$/u, '').replace(/^[\s.-]+/u, '')
  return name && !RESERVED.test(name) ? name : fallback
}

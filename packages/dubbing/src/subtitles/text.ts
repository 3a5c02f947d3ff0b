/**
 * What a cue's text says aloud, and who says it. Styling (`<i>`, `<font …>`, `<c.x>`, `{\an8}`, ASS `\N`)
 * is stripped for speech only; the written text keeps it for the exports.
 */

const VTT_VOICE = /<v(?:\.[^\s>]*)?\s+([^>]+?)\s*>/i
const BRACKET_SPEAKER = /^\[([^\]\n]{1,40})\]\s*/
// A name of one to three capitalised words before a colon: "LAN:", "Anh Tuấn:", "MC:".
const COLON_SPEAKER = /^(\p{Lu}[\p{L}\p{N}._'-]*(?: \p{Lu}[\p{L}\p{N}._'-]*){0,2}):\s+/u
const DIALOGUE_DASH = /^[-–—]\s+/

/** "LAN", "lan" and "Lan" are one speaker: each word capitalised, the rest lower case. */
export const speakerName = (raw: string): string =>
  raw
    .trim()
    .replace(/\s+/g, ' ')
    .toLocaleLowerCase('vi')
    .replace(/(^|\s)(\p{L})/gu, (_, space: string, ch: string) => space + ch.toLocaleUpperCase('vi'))

/** The speaker a cue's text names, if any (VTT voice span first, then an `[X]` or `X:` prefix). */
export const speakerOf = (text: string): string | undefined => {
  const voice = VTT_VOICE.exec(text)
  if (voice) return speakerName(voice[1]!)
  for (const line of text.split('\n')) {
    const plain = stripMarkup(line).trim()
    const m = BRACKET_SPEAKER.exec(plain) ?? COLON_SPEAKER.exec(plain)
    if (m) return speakerName(m[1]!)
  }
  return undefined
}

/** Tags and override blocks removed, ASS line breaks as spaces. */
const stripMarkup = (text: string): string =>
  text
    .replace(/<[^>\n]*>/g, '')
    .replace(/\{[^}\n]*\}/g, '')
    .replace(/\\[Nnh]/g, ' ')

/** The words to speak: markup, speaker prefixes and dialogue dashes removed, whitespace folded. */
export const speechText = (text: string): string =>
  text
    .split('\n')
    .map((line) =>
      stripMarkup(line)
        .trim()
        .replace(BRACKET_SPEAKER, '')
        .replace(COLON_SPEAKER, '')
        .replace(DIALOGUE_DASH, ''),
    )
    .join(' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/\s+/g, ' ')
    .trim()

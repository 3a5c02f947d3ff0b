/**
 * Length-preserving clean-up of normalized text before segmentation: markup other than `<break>` and
 * characters an engine cannot speak (control characters, emoji, symbols) become spaces, so offsets into
 * the normalized text stay valid.
 */

export interface BreakMark {
  /** Offset of the tag in the normalized text. */
  offset: number
  /** Length of the tag. */
  length: number
  ms: number
}

const TAG = /<\/?[a-zA-Z][^<>]*>/g
const BREAK = /^<break\b/i
// Control characters except line feed; emoji and pictographs; variation selectors and joiners.
const UNSPEAKABLE =
  // eslint-disable-next-line no-control-regex, no-misleading-character-class -- matching these is the point
  /[\u0000-\u0009\u000B-\u001F\u007F-\u009F\u200B-\u200D\u2060\uFE0E\uFE0F\uFFFD]|\p{Extended_Pictographic}|\p{Emoji_Modifier}|\p{Co}|\p{Cs}/gu

const blank = (s: string): string => ' '.repeat(s.length)

export interface SanitizedText {
  text: string
  breaks: BreakMark[]
}

export const sanitizeForSpeech = (normalized: string, parseBreak: (tag: string) => number): SanitizedText => {
  const breaks: BreakMark[] = []
  let text = normalized.replace(/\r\n?/g, (m) => (m.length === 2 ? ' \n' : '\n'))
  text = text.replace(TAG, (tag, offset: number) => {
    if (BREAK.test(tag)) breaks.push({ offset, length: tag.length, ms: parseBreak(tag) })
    return blank(tag)
  })
  return { text: blankUnspeakable(text), breaks }
}

/** Replaces control characters, emoji and private-use characters by spaces of the same length. */
export const blankUnspeakable = (text: string): string =>
  text.replace(UNSPEAKABLE, (m) => (m === '\t' ? ' ' : blank(m)))

/** True when the text holds something an engine can pronounce. */
export const isSpeakable = (text: string): boolean => /[\p{L}\p{N}]/u.test(text)

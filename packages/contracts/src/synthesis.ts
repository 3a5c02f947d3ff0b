/**
 * Synthesis rules the web and the services share (no imports: safe in the browser bundle): request limits, the
 * default voice, how paragraphs join into one text and which characters cost credits.
 */

/** Longest text of one studio or API request (characters as typed). */
export const MAX_SYNTHESIS_CHARACTERS = 100_000
/** Longest text of a streamed request. */
export const MAX_STREAM_CHARACTERS = 4_096
/** Longest text of the public demo (and of the studio's listen-before-you-pay preview). */
export const MAX_DEMO_CHARACTERS = 300
/** Paragraphs of one request at most. */
export const MAX_PARAGRAPHS = 2_000
/** The studio's default voice (catalogue code). */
export const DEFAULT_VOICE = 'hn_female_thuha_news'

/** The text of a request: paragraphs joined by a blank line (the timeline's source offsets refer to it). */
export const joinParagraphs = (paragraphs: readonly { text: string }[]): string =>
  paragraphs.map((p) => p.text).join('\n\n')

/** Characters that cost credits: the text without pause tags, whitespace runs counted once. */
export const billableCharacters = (text: string): number =>
  [
    ...text
      .replace(/<break\b[^>]*>/gi, ' ')
      .replace(/\s+/g, ' ')
      .trim(),
  ].length

/**
 * Whether the text has anything to read aloud: a letter or digit outside pause tags. Text of only punctuation,
 * symbols or emoji is refused up front (`TTS_EMPTY_TEXT`), the engine's own rule, before credits or a stream.
 */
export const hasReadableWords = (text: string): boolean =>
  /[\p{L}\p{N}]/u.test(text.replace(/<break\b[^>]*>/gi, ' '))

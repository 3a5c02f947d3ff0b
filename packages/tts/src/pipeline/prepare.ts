/** Text preparation: validate, then normalize → segment chunk by chunk on worker threads. */
import { TtsError } from '../errors.ts'
import { normalize } from '../normalize/index.ts'
import type { DictionaryEntry, Region, SourceSpan } from '../normalize/types.ts'
import type { PauseSettings } from '../options.ts'
import { blankUnspeakable } from '../segment/sanitize.ts'
import { type Segment, segmentText } from '../segment/segmenter.ts'

export interface PrepareRequest {
  text: string
  region: Region
  dictionary: readonly DictionaryEntry[]
  pauses: PauseSettings
}

export interface PreparedText {
  normalized: string
  spans: SourceSpan[]
  segments: Segment[]
  speechCount: number
}

/** Throws `TTS_EMPTY_TEXT` / `TTS_TEXT_TOO_LONG` for input that cannot be spoken. */
export const checkText = (text: unknown, maxCharacters: number): string => {
  if (typeof text !== 'string' || text.trim() === '') {
    throw new TtsError('TTS_EMPTY_TEXT', 'The text is empty: there is nothing to read')
  }
  if (!/[\p{L}\p{N}]/u.test(text)) {
    throw new TtsError('TTS_EMPTY_TEXT', NOTHING_TO_READ)
  }
  if (text.length > maxCharacters) {
    throw new TtsError(
      'TTS_TEXT_TOO_LONG',
      `The text has ${text.length} characters; at most ${maxCharacters} are accepted per request`,
    )
  }
  return text
}

/** Normalizes and segments one chunk of the input (which may hold nothing speakable). */
export const prepareChunk = (req: Omit<PrepareRequest, 'maxCharacters'>): PreparedText => {
  const { text } = req
  // Emoji and control characters carry nothing to read: blank them (same length, so offsets hold).
  const { text: normalized, spans } = normalize(blankUnspeakable(text), {
    region: req.region,
    dictionary: req.dictionary,
  })
  const { segments, speechCount } = segmentText(normalized, req.pauses)
  return { normalized, spans, segments, speechCount }
}

export const NOTHING_TO_READ = 'The text has no readable words (only symbols, emoji or markup)'

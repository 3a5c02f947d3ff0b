/**
 * The word/sentence timeline delivered with every synthesis result (made by @loa/tts, read by the web). Times in
 * ms from the audio start.
 */

export interface TimelineWord {
  /** The spoken word (normalized text). */
  text: string
  startMs: number
  endMs: number
  /** Range of the user's text this word reads (UTF-16 offsets). */
  srcStart: number
  srcEnd: number
  /** Index of its sentence in `Timeline.sentences`. */
  sentence: number
}

export interface TimelineSentence {
  index: number
  /** What is spoken (normalized text). */
  text: string
  /** What the user typed for it. */
  source: string
  startMs: number
  endMs: number
  srcStart: number
  srcEnd: number
  paragraph: number
}

export interface Timeline {
  durationMs: number
  sentences: TimelineSentence[]
  words: TimelineWord[]
  /** `events` when the engine reported word positions; `estimated` when derived from the audio. */
  wordTiming: 'events' | 'estimated'
}

import type { DubbingNoticeCode } from '../errors.ts'

/** Subtitle formats read (SRT and WebVTT; ASS imported) and the cue model shared by every part of dubbing. */
export type SubtitleFormat = 'srt' | 'vtt' | 'ass'

export interface Cue {
  /** 1-based position after sorting by start. */
  index: number
  startMs: number
  endMs: number
  /** Speaker named by the file (`<v Lan>`, `LAN:`, `[Lan]`, ASS `Name`), if any. */
  speaker?: string
  /** The cue's text as written (styling tags kept, lines joined by "\n"): what the exports write. */
  text: string
  /** 1-based line of the file where the cue's timing stands. */
  line: number
  /** 1-based number of the cue in the file, in file order (skipped cues counted). */
  cue: number
}

export interface ParseNotice {
  code: DubbingNoticeCode
  line: number
  /** 1-based number of the cue in the file, in file order. */
  cue?: number
  message: string
}

export interface ParsedSubtitles {
  format: SubtitleFormat
  cues: Cue[]
  notices: ParseNotice[]
}

/**
 * Which ASS events are typesetting (signs, songs, titles drawn on screen) rather than dialogue: never spoken,
 * skipped with a notice. A project may change the rule.
 */
export interface TypesettingRule {
  /** Style names (case-insensitive; a style matches when its name is one of these or starts with one + a non-letter). */
  styles: string[]
  /** Events placed on screen (`\pos`, `\move`) count as typesetting. */
  positioned: boolean
}

export const DEFAULT_TYPESETTING: TypesettingRule = {
  styles: [
    'sign',
    'signs',
    'ts',
    'typeset',
    'song',
    'op',
    'ed',
    'opening',
    'ending',
    'karaoke',
    'kara',
    'title',
  ],
  positioned: true,
}

export interface ParseOptions {
  typesetting?: TypesettingRule
  /** Speaker names the project lists: a `NAME:` prefix with one of them is a speaker even when seen once. */
  speakers?: readonly string[]
}

/** A cue as a format reader produces it, before sorting and validation. */
export interface RawCue {
  startMs: number
  endMs: number
  speaker?: string
  text: string
  line: number
  /** 1-based number of the cue in the file (in file order). */
  cue: number
  /** Why a reader already knows the cue is not speech (ASS typesetting). */
  skip?: { code: DubbingNoticeCode; message: string }
}

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
}

export interface ParseNotice {
  code: DubbingNoticeCode
  line: number
  message: string
}

export interface ParsedSubtitles {
  format: SubtitleFormat
  cues: Cue[]
  notices: ParseNotice[]
}

/** A cue as a format reader produces it, before sorting and validation. */
export interface RawCue {
  startMs: number
  endMs: number
  speaker?: string
  text: string
  line: number
}

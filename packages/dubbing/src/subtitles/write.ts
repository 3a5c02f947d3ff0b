import { formatClock } from './timestamps.ts'

/** A cue to write: its times (for the adjusted subtitles, where the dub really speaks) and its text. */
export interface TimedText {
  startMs: number
  endMs: number
  text: string
}

/** SubRip with the written text (styling tags kept). */
export const writeSrt = (cues: readonly TimedText[]): string =>
  cues
    .map((c, i) => `${i + 1}\n${formatClock(c.startMs, ',')} --> ${formatClock(c.endMs, ',')}\n${c.text}\n`)
    .join('\n')

/** WebVTT with the written text (styling tags kept). */
export const writeVtt = (cues: readonly TimedText[]): string =>
  `WEBVTT\n\n${cues
    .map((c, i) => `${i + 1}\n${formatClock(c.startMs, '.')} --> ${formatClock(c.endMs, '.')}\n${c.text}\n`)
    .join('\n')}`

/** SRT and WebVTT export of a timeline (one cue per sentence, or per word). */
import type { Timeline } from '@loa/contracts/browser'

export interface SubtitleOptions {
  /** Cue granularity (default `sentence`). */
  by?: 'sentence' | 'word'
  /** Cue text: what the user typed (default) or what is spoken. */
  text?: 'source' | 'spoken'
}

interface Cue {
  startMs: number
  endMs: number
  text: string
}

const pad = (n: number, width = 2): string => String(n).padStart(width, '0')

const timestamp = (ms: number, separator: ',' | '.'): string => {
  const total = Math.max(0, Math.round(ms))
  const h = Math.floor(total / 3_600_000)
  const m = Math.floor((total % 3_600_000) / 60_000)
  const s = Math.floor((total % 60_000) / 1000)
  return `${pad(h)}:${pad(m)}:${pad(s)}${separator}${pad(total % 1000, 3)}`
}

const cuesOf = (timeline: Timeline, options: SubtitleOptions): Cue[] => {
  const spoken = options.text === 'spoken'
  const clean = (s: string): string =>
    s
      .replace(/<[^>]*>/g, ' ')
      .replace(/\s+/g, ' ')
      .trim()
  const raw =
    options.by === 'word'
      ? timeline.words.map((w) => ({ startMs: w.startMs, endMs: w.endMs, text: w.text }))
      : timeline.sentences.map((s) => ({
          startMs: s.startMs,
          endMs: s.endMs,
          text: spoken ? s.text : s.source,
        }))
  return raw.map((c) => ({ ...c, text: clean(c.text) })).filter((c) => c.text !== '' && c.endMs > c.startMs)
}

export const toSrt = (timeline: Timeline, options: SubtitleOptions = {}): string =>
  cuesOf(timeline, options)
    .map((c, i) => `${i + 1}\n${timestamp(c.startMs, ',')} --> ${timestamp(c.endMs, ',')}\n${c.text}\n`)
    .join('\n')

export const toVtt = (timeline: Timeline, options: SubtitleOptions = {}): string =>
  [
    'WEBVTT',
    '',
    ...cuesOf(timeline, options).map(
      (c) => `${timestamp(c.startMs, '.')} --> ${timestamp(c.endMs, '.')}\n${c.text.replace(/-->/g, '→')}\n`,
    ),
  ].join('\n')

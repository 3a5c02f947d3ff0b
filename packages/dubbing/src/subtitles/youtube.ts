import { speechText } from './text.ts'
import type { TimedText } from './write.ts'

/**
 * Subtitles out, ready for YouTube: plain text (no styling, no speaker prefix unless asked), at most two lines
 * of 42 characters, each cue 1–7 s; a longer cue is split at clause ends with its time shared by characters.
 */
export const MAX_LINE_CHARS = 42
export const MIN_CUE_MS = 1000
export const MAX_CUE_MS = 7000

/** The text a viewer reads: the words spoken, with the speaker's name in front when `keepSpeaker`. */
export const exportText = (text: string, speaker: string | undefined, keepSpeaker = false): string => {
  const words = speechText(text, speaker)
  return keepSpeaker && speaker ? `${speaker}: ${words}` : words
}

/** Words wrapped into lines of at most `width` characters (a longer word stands alone). */
const wrap = (text: string, width = MAX_LINE_CHARS): string[] => {
  const lines: string[] = []
  let current = ''
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (current && [...`${current} ${word}`].length > width) {
      lines.push(current)
      current = word
    } else current = current ? `${current} ${word}` : word
  }
  if (current) lines.push(current)
  return lines
}

/** Pieces of at most two lines, cut at clause ends (. , ; : ! ? …) where possible, else between words. */
const pieces = (text: string): string[] => {
  const clauses = text.match(/[^.,;:!?…]+[.,;:!?…]*\s*/g)?.map((c) => c.trim()) ?? [text]
  const out: string[] = []
  let current = ''
  for (const clause of clauses) {
    const joined = current ? `${current} ${clause}` : clause
    if (wrap(joined).length <= 2) current = joined
    else {
      if (current) out.push(current)
      // A clause longer than two lines is cut between words.
      const lines = wrap(clause)
      for (let i = 0; i + 2 < lines.length; i += 2) out.push(lines.slice(i, i + 2).join(' '))
      current = lines.slice(lines.length - ((lines.length - 1) % 2) - 1).join(' ')
    }
  }
  if (current) out.push(current)
  return out
}

/** The cues laid out for YouTube (times in order; a cue never reaches past the next one's start). */
export const youtubeCues = (cues: readonly TimedText[]): TimedText[] => {
  const out: TimedText[] = []
  cues.forEach((cue, i) => {
    const parts = pieces(cue.text.replace(/\s+/g, ' ').trim())
    if (parts.length === 0) return
    const nextStart = cues[i + 1]?.startMs ?? Infinity
    // 1 s at least (into the silence after it), when the next cue leaves room.
    const end = Math.min(Math.max(cue.endMs, cue.startMs + MIN_CUE_MS), Math.max(cue.endMs, nextStart))
    const span = end - cue.startMs
    // Enough pieces that none lasts over 7 s.
    const n = Math.max(parts.length, Math.ceil(span / MAX_CUE_MS))
    const texts = n === parts.length ? parts : splitEvenly(parts.join(' '), n)
    const total = texts.reduce((sum, t) => sum + [...t].length, 0)
    let at = cue.startMs
    texts.forEach((text, k) => {
      const to = k === texts.length - 1 ? end : Math.round(at + (span * [...text].length) / total)
      out.push({ startMs: at, endMs: to, text: wrap(text).join('\n') })
      at = to
    })
  })
  return out
}

/** `text` in `n` pieces of about equal length, cut between words. */
const splitEvenly = (text: string, n: number): string[] => {
  const words = text.split(' ')
  const target = [...text].length / n
  const out: string[] = []
  let current = ''
  for (const word of words) {
    if (current && out.length < n - 1 && [...current].length >= target) {
      out.push(current)
      current = word
    } else current = current ? `${current} ${word}` : word
  }
  if (current) out.push(current)
  return out
}

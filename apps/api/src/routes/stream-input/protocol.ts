import type { Timeline } from '@loa/tts'

/**
 * The WebSocket text-in protocol's pure parts (issue 30 §2, in the manner of ElevenLabs' stream-input):
 * output formats, where a clause ends, and the characters' timing of a spoken clause.
 */

/** ElevenLabs-style `output_format` names → the synthesis audio type and sample rate. */
export const OUTPUT_FORMATS = {
  mp3_22050_32: { audioType: 'mp3', sampleRate: 22050, bitrate: 32 },
  mp3_24000_48: { audioType: 'mp3', sampleRate: 24000, bitrate: 48 },
  mp3_44100_128: { audioType: 'mp3', sampleRate: 44100, bitrate: 128 },
  pcm_8000: { audioType: 'pcm', sampleRate: 8000, bitrate: 128 },
  pcm_16000: { audioType: 'pcm', sampleRate: 16000, bitrate: 128 },
  pcm_22050: { audioType: 'pcm', sampleRate: 22050, bitrate: 128 },
  pcm_24000: { audioType: 'pcm', sampleRate: 24000, bitrate: 128 },
  pcm_44100: { audioType: 'pcm', sampleRate: 44100, bitrate: 128 },
  ulaw_8000: { audioType: 'ulaw', sampleRate: 8000, bitrate: 128 },
  alaw_8000: { audioType: 'alaw', sampleRate: 8000, bitrate: 128 },
} as const
export type OutputFormat = keyof typeof OUTPUT_FORMATS
export const DEFAULT_OUTPUT_FORMAT: OutputFormat = 'pcm_24000'

/** Clause ends: . ! ? … ; : followed by a space (the next words have begun), and a comma once the clause is long. */
const HARD_END = /[.!?…;:]["'”’)\]]*\s/g
const SOFT_END = /,\s/g
/** A comma ends a clause only past this many characters (short "Dạ, …" clauses would sound choppy). */
export const SOFT_CLAUSE_MIN = 60

/**
 * Splits the complete clauses off the front of `buffer`: `[clauses, rest]`. The rest waits for more text (or a
 * flush / the end of the context).
 */
export const takeClauses = (buffer: string): [string[], string] => {
  const clauses: string[] = []
  let start = 0
  for (;;) {
    const rest = buffer.slice(start)
    HARD_END.lastIndex = 0
    SOFT_END.lastIndex = 0
    const hard = HARD_END.exec(rest)
    let soft = SOFT_END.exec(rest)
    while (soft && soft.index + 1 < SOFT_CLAUSE_MIN) soft = SOFT_END.exec(rest)
    const end = [hard, soft]
      .filter((m): m is RegExpExecArray => m !== null)
      .map((m) => m.index + m[0].length)
      .sort((a, b) => a - b)[0]
    if (end === undefined) break
    const clause = rest.slice(0, end)
    if (clause.trim()) clauses.push(clause)
    start += end
  }
  return [clauses, buffer.slice(start)]
}

export interface Alignment {
  chars: string[]
  charStartTimesMs: number[]
  charDurationsMs: number[]
}

/**
 * Character timing of a spoken clause from its words' timing: each word's time is shared evenly by its
 * characters; the characters between words (spaces, punctuation) start where the next word does and last 0 ms.
 * Times are from the start of the clause's audio (the first chunk sent for it).
 */
export const alignmentOf = (text: string, timeline: Timeline): Alignment => {
  const chars = [...text]
  const start = new Array<number>(chars.length).fill(-1)
  const duration = new Array<number>(chars.length).fill(0)
  // Code-point index of each UTF-16 offset.
  const cpAt: number[] = []
  let cp = 0
  for (let i = 0; i < text.length; i++) {
    cpAt[i] = cp
    const code = text.charCodeAt(i)
    if (code < 0xd800 || code > 0xdbff) cp++
  }
  cpAt[text.length] = cp
  for (const w of timeline.words) {
    const from = cpAt[Math.max(0, Math.min(text.length, w.srcStart))]!
    const to = cpAt[Math.max(0, Math.min(text.length, w.srcEnd))]!
    const n = to - from
    if (n <= 0) continue
    const each = (w.endMs - w.startMs) / n
    for (let i = from; i < to; i++) {
      if (start[i] !== -1) continue
      start[i] = Math.round(w.startMs + each * (i - from))
      duration[i] = Math.round(each)
    }
  }
  // Gaps take the start of the next timed character (or the end of the audio).
  let next = Math.round(timeline.durationMs)
  for (let i = chars.length - 1; i >= 0; i--) {
    if (start[i] === -1) start[i] = next
    else next = start[i]!
  }
  return { chars, charStartTimesMs: start, charDurationsMs: duration }
}

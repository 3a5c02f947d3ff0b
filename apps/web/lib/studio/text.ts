/**
 * Pure helpers of the studio editor: paragraphs, character counts and credit cost (the way the API charges),
 * pause tags, the timeline lookup of the sentence being spoken and the draft format.
 */

import { billableCharacters, DEFAULT_VOICE, MAX_SYNTHESIS_CHARACTERS } from '@loa/contracts/browser'

export interface Paragraph {
  id: string
  text: string
  voiceCode: string
  speed: number
}

export interface Draft {
  title: string
  paragraphs: Paragraph[]
  savedAt: number
}

/** The request limits and text rules the API applies (one definition, in @loa/contracts). */
export { billableCharacters, DEFAULT_VOICE, joinParagraphs } from '@loa/contracts/browser'
export const MAX_CHARACTERS = MAX_SYNTHESIS_CHARACTERS
export const SPEEDS = [0.5, 0.75, 1, 1.25, 1.5, 1.75] as const
export const PAUSES_MS = [300, 500, 1000, 2000] as const

let counter = 0
export const newParagraphId = (): string => `p${Date.now().toString(36)}${(counter++).toString(36)}`

export const emptyParagraph = (voiceCode = DEFAULT_VOICE, speed = 1): Paragraph => ({
  id: newParagraphId(),
  text: '',
  voiceCode,
  speed,
})

/** The paragraphs the API receives: blank ones are dropped. */
export const requestParagraphs = (paragraphs: readonly Paragraph[]) =>
  paragraphs
    .filter((p) => billableCharacters(p.text) > 0)
    .map((p) => ({ text: p.text, voiceCode: p.voiceCode, speed: p.speed }))

/** Splits pasted text on blank lines into paragraphs that keep the given voice and speed. */
export const splitIntoParagraphs = (text: string, voiceCode: string, speed: number): Paragraph[] =>
  text
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .map((t) => t.trim())
    .filter((t) => t.length > 0)
    .map((t) => ({ id: newParagraphId(), text: t, voiceCode, speed }))

export const pauseTag = (ms: number): string => `<break time="${Math.round(ms)}ms"/>`

/** Inserts a pause tag at [start, end) of `text` (replacing a selection), with spaces around it. */
export const insertPause = (
  text: string,
  start: number,
  end: number,
  ms: number,
): { text: string; caret: number } => {
  const before = text.slice(0, start).replace(/\s+$/, '')
  const after = text.slice(end).replace(/^\s+/, '')
  const tag = pauseTag(ms)
  const head = before ? `${before} ${tag}` : tag
  return { text: after ? `${head} ${after}` : head, caret: head.length }
}

export interface TimedSentence {
  startMs: number
  endMs: number
  srcStart: number
  srcEnd: number
}

/** Index of the sentence spoken at `ms` (binary search over sorted sentences), or -1. */
export const sentenceAt = (sentences: readonly TimedSentence[], ms: number): number => {
  let lo = 0
  let hi = sentences.length - 1
  while (lo <= hi) {
    const mid = (lo + hi) >> 1
    const s = sentences[mid]!
    if (ms < s.startMs) hi = mid - 1
    else if (ms >= s.endMs) lo = mid + 1
    else return mid
  }
  return -1
}

export interface Segment {
  text: string
  /** Index into the marked ranges, or -1 for plain text. */
  mark: number
}

/** Cuts `text` into plain and marked segments by non-overlapping, sorted [start, end) ranges. */
export const segmentText = (text: string, ranges: readonly { start: number; end: number }[]): Segment[] => {
  const out: Segment[] = []
  let pos = 0
  ranges.forEach((r, i) => {
    const start = Math.max(r.start, pos)
    const end = Math.min(r.end, text.length)
    if (end <= start) return
    if (start > pos) out.push({ text: text.slice(pos, start), mark: -1 })
    out.push({ text: text.slice(start, end), mark: i })
    pos = end
  })
  if (pos < text.length) out.push({ text: text.slice(pos), mark: -1 })
  return out
}

const isParagraph = (p: unknown): p is Paragraph =>
  !!p &&
  typeof p === 'object' &&
  typeof (p as Paragraph).text === 'string' &&
  typeof (p as Paragraph).voiceCode === 'string' &&
  typeof (p as Paragraph).speed === 'number'

/** Reads a stored draft; anything malformed gives null (the editor then starts empty). */
export const parseDraft = (raw: string | null): Draft | null => {
  if (!raw) return null
  try {
    const value = JSON.parse(raw) as Partial<Draft>
    if (!Array.isArray(value.paragraphs) || !value.paragraphs.every(isParagraph)) return null
    return {
      title: typeof value.title === 'string' ? value.title : '',
      paragraphs: value.paragraphs.map((p) => ({
        ...p,
        id: typeof p.id === 'string' ? p.id : newParagraphId(),
      })),
      savedAt: typeof value.savedAt === 'number' ? value.savedAt : 0,
    }
  } catch {
    return null
  }
}

export const draftKey = (subject: string | undefined): string => `loa.studio.draft.${subject ?? 'anonymous'}`
export const favouritesKey = (subject: string | undefined): string =>
  `loa.studio.favourites.${subject ?? 'anonymous'}`

/** A title from the first words of the text. */
export const titleFrom = (text: string, max = 60): string => {
  const clean = text
    .replace(/<break\b[^>]*>/gi, ' ')
    .replace(/\s+/g, ' ')
    .trim()
  return clean.length <= max ? clean : `${clean.slice(0, max - 1).trimEnd()}…`
}

export const formatDuration = (ms: number | null | undefined): string => {
  if (ms === null || ms === undefined || !Number.isFinite(ms)) return '–'
  const total = Math.round(ms / 1000)
  const m = Math.floor(total / 60)
  const s = total % 60
  return `${m}:${String(s).padStart(2, '0')}`
}

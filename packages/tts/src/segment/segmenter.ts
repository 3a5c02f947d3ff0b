/**
 * Splits normalized text into speech units and pauses: paragraphs (blank lines) → sentences → clauses.
 * A speech unit is one engine call (a sentence, or part of a long one); clause pauses (`,` `;` `:`) inside
 * it are rendered by the engine at `clausePauses`; pauses between units are explicit segments.
 */
import type { PauseSettings } from '../options.ts'
import { parseBreakTag } from './break-tag.ts'
import { isSpeakable, sanitizeForSpeech } from './sanitize.ts'

export interface ClausePause {
  /** Offset inside the unit's text, just after the punctuation. */
  offset: number
  ms: number
}

export interface SpeechSegment {
  kind: 'speech'
  /** Index among speech segments (0-based). */
  index: number
  text: string
  /** Offset of `text` in the normalized text. */
  offset: number
  paragraph: number
  clausePauses: ClausePause[]
}

export type PauseReason = 'sentence' | 'paragraph' | 'break' | 'clause'

export interface PauseSegment {
  kind: 'pause'
  ms: number
  reason: PauseReason
}

export type Segment = SpeechSegment | PauseSegment

/** Longest unit handed to an engine at once; longer sentences are split at a clause or a space. */
export const MAX_UNIT_LENGTH = 280

const RANK: Record<PauseReason, number> = { clause: 0, sentence: 1, paragraph: 2, break: 3 }

const SENTENCE_END = /[.!?…]+["'”’)\]]*(?=\s|$)|\n/g
const CLAUSE_PUNCT = /[,;:](?=\s|$)/g

interface Piece {
  start: number
  end: number
}

const trimPiece = (text: string, piece: Piece): Piece | undefined => {
  let { start, end } = piece
  while (start < end && /\s/.test(text[start]!)) start++
  while (end > start && /\s/.test(text[end - 1]!)) end--
  return end > start ? { start, end } : undefined
}

/** Splits [start,end) into sentences (end punctuation or line break). */
const splitSentences = (text: string, start: number, end: number): Piece[] => {
  const out: Piece[] = []
  const slice = text.slice(start, end)
  let from = 0
  for (const m of slice.matchAll(SENTENCE_END)) {
    const to = m.index + m[0].length
    out.push({ start: start + from, end: start + to })
    from = to
  }
  if (from < slice.length) out.push({ start: start + from, end })
  return out
}

/** Cuts a too-long sentence at the last clause punctuation or space before the limit. */
const capLength = (text: string, piece: Piece): Piece[] => {
  const out: Piece[] = []
  let { start } = piece
  while (piece.end - start > MAX_UNIT_LENGTH) {
    const window = text.slice(start, start + MAX_UNIT_LENGTH)
    let cut = Math.max(window.lastIndexOf(', '), window.lastIndexOf('; '), window.lastIndexOf(': '))
    cut = cut > MAX_UNIT_LENGTH / 3 ? cut + 1 : window.lastIndexOf(' ')
    if (cut <= 0) cut = MAX_UNIT_LENGTH
    out.push({ start, end: start + cut })
    start += cut
  }
  out.push({ start, end: piece.end })
  return out
}

const clausePausesOf = (unit: string, pauses: PauseSettings): ClausePause[] => {
  const out: ClausePause[] = []
  for (const m of unit.matchAll(CLAUSE_PUNCT)) {
    const end = m.index + 1
    if (end >= unit.length) continue
    out.push({ offset: end, ms: m[0] === ',' ? pauses.mediumMs : pauses.majorMs })
  }
  return out
}

export interface SegmentResult {
  segments: Segment[]
  /** Number of speech segments. */
  speechCount: number
}

/** Segments normalized text (with canonical `<break time="NNNms"/>` tags and blank-line paragraphs). */
export const segmentText = (normalized: string, pauses: PauseSettings): SegmentResult => {
  const { text, breaks } = sanitizeForSpeech(normalized, (tag) => parseBreakTag(tag, pauses.mediumMs))
  const segments: Segment[] = []
  let index = 0
  // Pending pause before the next unit: the strongest automatic one, or an explicit break (which wins).
  let pending: PauseSegment | undefined
  const addPause = (ms: number, reason: PauseReason): void => {
    if (reason === 'break') {
      pending =
        pending?.reason === 'break' ? { ...pending, ms: pending.ms + ms } : { kind: 'pause', ms, reason }
    } else if (!pending || (pending.reason !== 'break' && RANK[reason] >= RANK[pending.reason])) {
      pending = { kind: 'pause', ms, reason }
    }
  }
  const addUnit = (piece: Piece, paragraph: number): void => {
    const trimmed = trimPiece(text, piece)
    if (!trimmed) return
    const unit = text.slice(trimmed.start, trimmed.end)
    if (!isSpeakable(unit)) return
    if (pending && index > 0) segments.push(pending)
    pending = undefined
    segments.push({
      kind: 'speech',
      index: index++,
      text: unit,
      offset: trimmed.start,
      paragraph,
      clausePauses: clausePausesOf(unit, pauses),
    })
  }

  // Boundaries: explicit breaks split the text into runs; runs split into paragraphs and sentences.
  let paragraph = 0
  let cursor = 0
  const runs: { start: number; end: number; breakMs?: number }[] = []
  for (const b of breaks) {
    runs.push({ start: cursor, end: b.offset, breakMs: b.ms })
    cursor = b.offset + b.length
  }
  runs.push({ start: cursor, end: text.length })

  for (const run of runs) {
    const paragraphSplit = /\n[ \t]*\n\s*/g
    let from = run.start
    const slice = text.slice(run.start, run.end)
    const parts: Piece[] = []
    for (const m of slice.matchAll(paragraphSplit)) {
      parts.push({ start: from, end: run.start + m.index })
      from = run.start + m.index + m[0].length
    }
    parts.push({ start: from, end: run.end })
    parts.forEach((part, i) => {
      if (i > 0) {
        paragraph++
        addPause(pauses.paragraphMs, 'paragraph')
      }
      for (const sentence of splitSentences(text, part.start, part.end)) {
        const pieces = capLength(text, sentence)
        pieces.forEach((piece, j) => {
          addUnit(piece, paragraph)
          addPause(
            j < pieces.length - 1 ? pauses.mediumMs : pauses.sentenceMs,
            j < pieces.length - 1 ? 'clause' : 'sentence',
          )
        })
      }
    })
    if (run.breakMs !== undefined) addPause(run.breakMs, 'break')
  }
  return { segments, speechCount: index }
}

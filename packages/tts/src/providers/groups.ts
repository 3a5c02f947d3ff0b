/**
 * Speech units → provider requests: consecutive sentences join into one request while they fit the provider's
 * limit (the provider reads across sentence ends with its own prosody); a paragraph or an explicit break ends
 * a request and becomes Loa's own silence. A unit longer than the limit is cut at word boundaries.
 */
import type { Segment, SpeechSegment } from '../segment/segmenter.ts'

/** A sentence (or part of one) inside a request: where its text sits in the request and in the prepared text. */
export interface GroupPart {
  segment: SpeechSegment
  /** Offset of the part in the request's text. */
  at: number
  /** The part's text (the segment's, or a slice of a long one starting at `from` in it). */
  text: string
  from: number
}

export type Group = { kind: 'speech'; text: string; parts: GroupPart[] } | { kind: 'pause'; ms: number }

/** Cuts `text` into pieces of at most `fits` at spaces (a word longer than the limit is cut where it must). */
const cutLong = (text: string, fits: (s: string) => boolean): { text: string; from: number }[] => {
  const pieces: { text: string; from: number }[] = []
  let from = 0
  while (from < text.length) {
    let end = text.length
    if (!fits(text.slice(from, end))) {
      let lo = from + 1
      let hi = text.length
      while (lo < hi) {
        const mid = (lo + hi + 1) >> 1
        if (fits(text.slice(from, mid))) lo = mid
        else hi = mid - 1
      }
      const space = text.lastIndexOf(' ', lo)
      end = space > from ? space : lo
    }
    pieces.push({ text: text.slice(from, end), from })
    from = end
    while (text[from] === ' ') from++
  }
  return pieces
}

export const groupSegments = (segments: readonly Segment[], fits: (text: string) => boolean): Group[] => {
  const groups: Group[] = []
  let current: Extract<Group, { kind: 'speech' }> | undefined
  const close = (): void => {
    if (current) groups.push(current)
    current = undefined
  }
  for (const seg of segments) {
    if (seg.kind === 'pause') {
      if (seg.reason === 'paragraph' || seg.reason === 'break') {
        close()
        groups.push({ kind: 'pause', ms: seg.ms })
      }
      continue
    }
    for (const piece of fits(seg.text) ? [{ text: seg.text, from: 0 }] : cutLong(seg.text, fits)) {
      const joined = current ? `${current.text} ${piece.text}` : piece.text
      if (current && !fits(joined)) close()
      if (!current) current = { kind: 'speech', text: '', parts: [] }
      const at = current.text === '' ? 0 : current.text.length + 1
      current.text = current.text === '' ? piece.text : `${current.text} ${piece.text}`
      current.parts.push({ segment: seg, at, text: piece.text, from: piece.from })
    }
  }
  close()
  return groups
}

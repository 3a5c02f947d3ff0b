/**
 * Cuts the input into chunks prepared (normalized + segmented) independently, at paragraph or sentence
 * boundaries: a small first chunk so the first audio comes quickly, bigger ones after it. Long texts are
 * never normalized in one blocking call.
 */

export type ChunkBoundary = 'paragraph' | 'sentence' | 'clause' | 'end'

export interface TextChunk {
  start: number
  end: number
  /** What separates this chunk from the next one. */
  boundary: ChunkBoundary
}

export const FIRST_CHUNK = 300
export const NEXT_CHUNK = 4000

const insideTag = (text: string, at: number): boolean =>
  text.lastIndexOf('<', at - 1) > text.lastIndexOf('>', at - 1)

const cutNear = (text: string, from: number, limit: number): { at: number; boundary: ChunkBoundary } => {
  const window = text.slice(from, limit)
  const min = Math.floor(window.length / 4)
  const paragraph = window.search(/\n[ \t]*\n(?![\s\S]*\n[ \t]*\n)/)
  if (paragraph >= min) return { at: from + paragraph, boundary: 'paragraph' }
  let sentence = -1
  for (const m of window.matchAll(/[.!?…]["'”’)\]]*\s/g)) sentence = m.index + m[0].length - 1
  if (sentence >= min && !insideTag(text, from + sentence))
    return { at: from + sentence, boundary: 'sentence' }
  let space = window.lastIndexOf(' ')
  while (space > min && insideTag(text, from + space)) space = window.lastIndexOf(' ', space - 1)
  if (space >= min) return { at: from + space, boundary: 'clause' }
  return { at: limit, boundary: 'clause' }
}

export const splitIntoChunks = (text: string, first = FIRST_CHUNK, next = NEXT_CHUNK): TextChunk[] => {
  const chunks: TextChunk[] = []
  let start = 0
  while (start < text.length) {
    const size = chunks.length === 0 ? first : next
    if (text.length - start <= size * 1.25) {
      chunks.push({ start, end: text.length, boundary: 'end' })
      break
    }
    const { at, boundary } = cutNear(text, start, start + size)
    chunks.push({ start, end: at, boundary })
    start = at
  }
  return chunks
}

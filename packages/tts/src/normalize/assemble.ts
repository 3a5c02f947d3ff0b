/**
 * Joins spoken fragments, kept punctuation and whitespace into the output text and its source map.
 * Spacing is rebuilt (one space between spoken fragments, none before closing punctuation) so every
 * span's out offsets are exact. Output is collected in parts (never re-read) to stay linear on 1 MB.
 */
import type { NormalizeResult, SourceSpan, SpanKind, DoubtReason } from './types.ts'

export type OutItem =
  | { type: 'speech'; text: string; kind: SpanKind; start: number; end: number; doubt?: DoubtReason }
  | { type: 'punct'; text: string }
  | { type: 'space' }
  | { type: 'newline'; text: string }

const OPENING = new Set(['(', '[', '{', '“', '‘', '«'])
/** Standalone dashes separate words: keep a space on both sides. */
const SEPARATING = new Set(['-', '–', '—'])

class Output {
  private readonly parts: string[] = []
  length = 0
  /** What the output currently ends with: '' (empty), ' ', '\n', '\n\n' or 'x' (anything else). */
  tail = ''

  push(text: string): void {
    this.parts.push(text)
    this.length += text.length
    this.tail = text.endsWith('\n\n') ? '\n\n' : text.endsWith('\n') ? '\n' : text.endsWith(' ') ? ' ' : 'x'
  }

  /** Removes a trailing single space (only ever the last part). */
  dropSpace(): void {
    if (this.tail !== ' ') return
    this.parts.pop()
    this.length -= 1
    this.tail = 'x'
  }

  text(): string {
    return this.parts.join('')
  }
}

export function assemble(source: string, items: readonly OutItem[]): NormalizeResult {
  const out = new Output()
  const spans: SourceSpan[] = []
  let afterOpening = false
  const separate = (): void => {
    if (out.tail === 'x' && !afterOpening) out.push(' ')
  }
  for (const item of items) {
    if (item.type === 'speech') {
      const text = item.text.trim()
      if (text === '') continue
      separate()
      const outStart = out.length
      out.push(text)
      spans.push({
        kind: item.kind,
        text,
        source: source.slice(item.start, item.end),
        srcStart: item.start,
        srcEnd: item.end,
        outStart,
        outEnd: out.length,
        ...(item.doubt ? { doubt: item.doubt } : {}),
      })
      afterOpening = false
    } else if (item.type === 'punct') {
      if (OPENING.has(item.text) || SEPARATING.has(item.text)) separate()
      else out.dropSpace() // "bạn !" (a dropped emoji or a typed space) → "bạn!"
      out.push(item.text)
      afterOpening = OPENING.has(item.text)
    } else if (item.type === 'space') {
      if (out.tail === 'x') out.push(' ')
      afterOpening = false
    } else {
      if (out.tail === '') continue
      out.dropSpace()
      if (item.text === '\n\n' && out.tail !== '\n\n') out.push(out.tail === '\n' ? '\n' : '\n\n')
      else if (out.tail === 'x') out.push('\n')
      afterOpening = false
    }
  }
  return { text: out.text().replace(/\s+$/, ''), spans }
}

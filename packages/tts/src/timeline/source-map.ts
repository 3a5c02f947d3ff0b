/** Maps ranges of the normalized text back to the text the user typed, through the normalizer's spans. */
import type { SourceSpan } from '../normalize/types.ts'

/** Index of the last span starting at or before `out` (binary search), or -1. */
const spanAt = (spans: readonly SourceSpan[], out: number): number => {
  let lo = 0
  let hi = spans.length - 1
  let found = -1
  while (lo <= hi) {
    const mid = (lo + hi) >> 1
    if (spans[mid]!.outStart <= out) {
      found = mid
      lo = mid + 1
    } else hi = mid - 1
  }
  return found
}

const isLiteral = (span: SourceSpan): boolean => span.text.length === span.source.length

const srcOf = (spans: readonly SourceSpan[], out: number, edge: 'start' | 'end'): number | undefined => {
  const i = spanAt(spans, edge === 'end' ? out - 1 : out)
  if (i < 0) return undefined
  const span = spans[i]!
  const inside = edge === 'end' ? out - 1 < span.outEnd : out < span.outEnd
  if (!inside) {
    // Between spans the normalized text copies the input (spaces, punctuation).
    const limit = spans[i + 1]?.srcStart ?? Number.MAX_SAFE_INTEGER
    return Math.min(limit, span.srcEnd + (out - span.outEnd))
  }
  if (isLiteral(span)) return span.srcStart + Math.min(span.source.length, Math.max(0, out - span.outStart))
  return edge === 'start' ? span.srcStart : span.srcEnd
}

/** Source range [srcStart, srcEnd) for the normalized range [outStart, outEnd). */
export const mapToSource = (
  spans: readonly SourceSpan[],
  outStart: number,
  outEnd: number,
): { srcStart: number; srcEnd: number } => {
  if (spans.length === 0) return { srcStart: outStart, srcEnd: outEnd }
  const srcStart = srcOf(spans, outStart, 'start') ?? spans[0]!.srcStart
  const srcEnd = srcOf(spans, outEnd, 'end') ?? srcStart
  return { srcStart, srcEnd: Math.max(srcStart, srcEnd) }
}

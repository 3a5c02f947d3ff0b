import type { PreviewSpan } from './api'

/** The order kinds are listed in the reading table (the user's own dictionary first); others follow by name. */
const KIND_ORDER = ['dictionary', 'date', 'time', 'currency', 'number', 'decimal', 'percent', 'unit']

const fold = (s: string) => s.normalize('NFC').toLocaleLowerCase('vi').replace(/\s+/g, ' ').trim()

/**
 * A row nobody needs to check: read exactly as written ("đồng → đồng"), or a small whole number ("10 → mười").
 * Dictionary rows are the user's own and always shown.
 */
export const trivialReading = (span: Pick<PreviewSpan, 'kind' | 'source' | 'text'>): boolean =>
  span.kind !== 'dictionary' &&
  (fold(span.source) === fold(span.text) || (span.kind === 'number' && /^\d{1,3}$/.test(span.source.trim())))

export interface ReadingGroup {
  kind: string
  rows: PreviewSpan[]
}

/**
 * The reading table, compact: rows grouped by kind, each distinct written form once per kind, trivial rows left
 * out (counted in `hidden`).
 */
export const readingGroups = (spans: readonly PreviewSpan[]): { groups: ReadingGroup[]; hidden: number } => {
  const byKind = new Map<string, Map<string, PreviewSpan>>()
  let hidden = 0
  for (const span of spans) {
    if (trivialReading(span)) {
      hidden += 1
      continue
    }
    const rows = byKind.get(span.kind) ?? new Map<string, PreviewSpan>()
    const key = `${fold(span.source)}→${fold(span.text)}`
    if (!rows.has(key)) rows.set(key, span)
    byKind.set(span.kind, rows)
  }
  const rank = (kind: string) => {
    const i = KIND_ORDER.indexOf(kind)
    return i < 0 ? KIND_ORDER.length : i
  }
  const groups = [...byKind.entries()]
    .map(([kind, rows]) => ({ kind, rows: [...rows.values()] }))
    .sort((a, b) => rank(a.kind) - rank(b.kind) || a.kind.localeCompare(b.kind))
  return { groups, hidden }
}

/**
 * The readings to check first: the spans the normalizer marked as doubtful, in the order of the text, each written
 * form once (the user's own dictionary words are never in doubt).
 */
export const doubtfulReadings = (spans: readonly PreviewSpan[]): PreviewSpan[] => {
  const seen = new Set<string>()
  const out: PreviewSpan[] = []
  for (const span of [...spans].sort((a, b) => a.srcStart - b.srcStart)) {
    if (!span.doubt || span.kind === 'dictionary') continue
    const key = span.source.normalize('NFC').trim()
    if (seen.has(key)) continue
    seen.add(key)
    out.push(span)
  }
  return out
}

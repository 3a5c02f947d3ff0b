/** Parses SSML-like `<break time="500ms"/>` tags; malformed values get a sensible pause instead of an error. */

const STRENGTH_MS: Record<string, number> = {
  none: 0,
  'x-weak': 100,
  weak: 200,
  medium: 400,
  strong: 700,
  'x-strong': 1200,
}

export const MAX_BREAK_MS = 10_000

/** Milliseconds for one break tag; `fallbackMs` when neither time nor strength can be read. */
export const parseBreakTag = (tag: string, fallbackMs: number): number => {
  const time = /\btime\s*=\s*["']?\s*([0-9]*[.,]?[0-9]+)\s*(ms|s)?\s*["']?/i.exec(tag)
  if (time) {
    const value = Number(time[1]!.replace(',', '.'))
    const ms = (time[2] ?? 'ms').toLowerCase() === 's' ? value * 1000 : value
    if (Number.isFinite(ms)) return Math.round(Math.min(Math.max(ms, 0), MAX_BREAK_MS))
  }
  const strength = /\bstrength\s*=\s*["']?([a-z-]+)/i.exec(tag)
  const mapped = strength ? STRENGTH_MS[strength[1]!.toLowerCase()] : undefined
  return mapped ?? fallbackMs
}

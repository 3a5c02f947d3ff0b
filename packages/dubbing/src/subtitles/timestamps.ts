/**
 * Timestamps of SRT and WebVTT: `hh:mm:ss,mmm`, `hh:mm:ss.mmm`, `mm:ss.mmm` (hours optional, comma or dot,
 * 1–3 fraction digits read as a decimal fraction). ASS: `h:mm:ss.cc`. Undefined when malformed.
 */
const CLOCK = /^(?:(\d{1,3}):)?([0-5]?\d):([0-5]\d)(?:[,.](\d{1,3}))?$/

export const parseClock = (value: string): number | undefined => {
  const m = CLOCK.exec(value.trim())
  if (!m) return undefined
  const [, h, min, s, frac] = m
  const ms = frac === undefined ? 0 : Math.round(Number(`0.${frac}`) * 1000)
  return ((Number(h ?? 0) * 60 + Number(min)) * 60 + Number(s)) * 1000 + ms
}

/** `start --> end [settings]` → the two times; undefined when the line is not a well-formed timing line. */
export const parseTimingLine = (line: string): { startMs: number; endMs: number } | undefined => {
  const m = /^\s*(\S+)\s*-->\s*(\S+)(?:\s+.*)?$/.exec(line)
  if (!m) return undefined
  const startMs = parseClock(m[1]!)
  const endMs = parseClock(m[2]!)
  return startMs === undefined || endMs === undefined ? undefined : { startMs, endMs }
}

const pad = (n: number, width: number): string => String(n).padStart(width, '0')

/** `hh:mm:ss<sep>mmm` (SRT uses ",", WebVTT "."). */
export const formatClock = (ms: number, separator: ',' | '.'): string => {
  const t = Math.max(0, Math.round(ms))
  const h = Math.floor(t / 3_600_000)
  const m = Math.floor(t / 60_000) % 60
  const s = Math.floor(t / 1000) % 60
  return `${pad(h, 2)}:${pad(m, 2)}:${pad(s, 2)}${separator}${pad(t % 1000, 3)}`
}

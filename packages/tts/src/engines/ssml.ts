/**
 * Builds the SSML string handed to eSpeak (escaped text + `<break>` at clause pauses) and maps positions
 * reported by eSpeak (1-based code points of that string) back to UTF-16 offsets of the plain text.
 */
import type { EngineInput } from './types.ts'

export interface SsmlText {
  ssml: string
  /** Plain-text UTF-16 offset for a 0-based code-point index into `ssml`. */
  plainOffset: (codePoint: number) => number
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' }

export const buildSsml = (input: EngineInput): SsmlText => {
  const { text } = input
  const pauses = new Map(input.clausePauses.map((p) => [p.offset, p.ms]))
  let ssml = ''
  // For each code point of `ssml`, the plain offset it came from.
  const map: number[] = []
  const push = (s: string, plain: number): void => {
    for (const _ of s) map.push(plain)
    ssml += s
  }
  for (let i = 0; i < text.length;) {
    const pause = pauses.get(i)
    if (pause !== undefined) push(`<break time="${Math.round(pause)}ms"/>`, i)
    const cp = text.codePointAt(i)!
    const ch = String.fromCodePoint(cp)
    push(ESCAPES[ch] ?? ch, i)
    i += ch.length
  }
  map.push(text.length)
  return {
    ssml,
    plainOffset: (codePoint) => map[Math.max(0, Math.min(codePoint, map.length - 1))]!,
  }
}

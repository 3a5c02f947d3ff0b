/**
 * Inline pauses: `<break time="500ms"/>` or `<break time="1.5s"/>` (single or double quotes, optional
 * self-closing slash). A valid break is kept in the output canonically as `<break time="NNNms"/>`,
 * clamped to 0–10 s, so the segmenter can place the pause. A break without a readable time and every
 * other HTML/SSML-like tag are removed from the speech: tags are markup, never words to read aloud.
 */
const BREAK = /^<break\s+time\s*=\s*(["'])\s*(\d{1,6}(?:\.\d{1,3})?)\s*(ms|s)\s*\1\s*\/?\s*>$/i
export const MAX_BREAK_MS = 10_000

/** Returns the canonical break tag, or null when the tag is not a valid break. */
export function canonicalBreakTag(tag: string): string | null {
  const m = BREAK.exec(tag)
  if (!m) return null
  const value = Number(m[2])
  const ms = (m[3] ?? '').toLowerCase() === 's' ? value * 1000 : value
  const clamped = Math.min(MAX_BREAK_MS, Math.max(0, Math.round(ms)))
  return `<break time="${clamped}ms"/>`
}

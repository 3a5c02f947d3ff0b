/** The benchmark text: a varied ~10,000-character Vietnamese text, repeated to reach other lengths. */
import { readFileSync } from 'node:fs'

export const BENCH_TEXT_PATH = new URL('./vi-10k.txt', import.meta.url)

export const benchText = (characters = 10_000): string => {
  const base = readFileSync(BENCH_TEXT_PATH, 'utf8').trim()
  let text = base
  while (text.length < characters) text += `\n\n${base}`
  // Cut at a paragraph or sentence end near the wanted length.
  const cut = Math.max(text.lastIndexOf('\n\n', characters), text.lastIndexOf('. ', characters) + 1)
  return text.length <= characters + 200 ? text : text.slice(0, cut > characters * 0.9 ? cut : characters)
}

/** Word tokens of a unit and word-timing helpers shared by the engines. */
import { SILENCE_THRESHOLD, frameRms, frameSize } from '../audio/levels.ts'
import type { EngineInput, EngineOutput, EngineWord } from './types.ts'

export interface Token {
  text: string
  offset: number
  length: number
}

const WORD = /[\p{L}\p{N}\p{M}]+(?:['’\-.][\p{L}\p{N}\p{M}]+)*/gu

export const tokenize = (text: string): Token[] =>
  [...text.matchAll(WORD)].map((m) => ({ text: m[0], offset: m.index, length: m[0].length }))

/** Pulls each word's end back over trailing silence (so a word never swallows the pause after it). */
export const tightenWordEnds = (words: EngineWord[], pcm: Int16Array, sampleRate: number): EngineWord[] => {
  const frames = frameRms(pcm, sampleRate)
  const msPerFrame = (frameSize(sampleRate) / sampleRate) * 1000
  return words.map((w) => {
    let endFrame = Math.min(frames.length, Math.ceil(w.endMs / msPerFrame))
    const startFrame = Math.floor(w.startMs / msPerFrame)
    while (endFrame - 1 > startFrame + 2 && frames[endFrame - 1]! < SILENCE_THRESHOLD) endFrame--
    return { ...w, endMs: Math.max(w.startMs, Math.min(w.endMs, endFrame * msPerFrame)) }
  })
}

/** Silent gaps (start/end ms) of at least `minMs` strictly inside the speech. */
const silentGaps = (pcm: Int16Array, sampleRate: number, minMs: number): { start: number; end: number }[] => {
  const frames = frameRms(pcm, sampleRate)
  const msPerFrame = (frameSize(sampleRate) / sampleRate) * 1000
  const voiced = (f: number): boolean => frames[f]! >= SILENCE_THRESHOLD
  let first = 0
  while (first < frames.length && !voiced(first)) first++
  let last = frames.length - 1
  while (last > first && !voiced(last)) last--
  const gaps: { start: number; end: number }[] = []
  let runStart = -1
  for (let f = first; f <= last; f++) {
    if (!voiced(f)) {
      if (runStart < 0) runStart = f
    } else if (runStart >= 0) {
      if ((f - runStart) * msPerFrame >= minMs)
        gaps.push({ start: runStart * msPerFrame, end: f * msPerFrame })
      runStart = -1
    }
  }
  return [
    { start: -Infinity, end: first * msPerFrame },
    ...gaps,
    { start: (last + 1) * msPerFrame, end: Infinity },
  ]
}

const spread = (tokens: Token[], startMs: number, endMs: number): EngineWord[] => {
  const weights = tokens.map((t) => 2 + t.length)
  const total = weights.reduce((a, b) => a + b, 0)
  let cursor = startMs
  return tokens.map((t, i) => {
    const span = ((endMs - startMs) * weights[i]!) / total
    const word = { ...t, startMs: cursor, endMs: cursor + span }
    cursor += span
    return word
  })
}

/**
 * Estimated word timings for engines without word events: clause pauses are found as the longest silent
 * gaps in the audio, and words share each clause's speech time in proportion to their length.
 */
const estimateWordTimings = (input: EngineInput, pcm: Int16Array, sampleRate: number): EngineWord[] => {
  const tokens = tokenize(input.text)
  if (tokens.length === 0) return []
  const gaps = silentGaps(pcm, sampleRate, 60)
  const inner = gaps.slice(1, -1)
  const wanted = input.clausePauses.length
  const speechStart = gaps[0]!.end
  const speechEnd = gaps[gaps.length - 1]!.start
  if (speechEnd <= speechStart) return spread(tokens, 0, (pcm.length / sampleRate) * 1000)
  const chosen = [...inner]
    .sort((a, b) => b.end - b.start - (a.end - a.start))
    .slice(0, wanted)
    .sort((a, b) => a.start - b.start)
  if (wanted === 0 || chosen.length !== wanted) return spread(tokens, speechStart, speechEnd)
  const bounds = [speechStart, ...chosen.flatMap((g) => [g.start, g.end]), speechEnd]
  const words: EngineWord[] = []
  for (let c = 0; c <= wanted; c++) {
    const from = c === 0 ? 0 : input.clausePauses[c - 1]!.offset
    const to = c === wanted ? input.text.length : input.clausePauses[c]!.offset
    const clauseTokens = tokens.filter((t) => t.offset >= from && t.offset < to)
    if (clauseTokens.length > 0) words.push(...spread(clauseTokens, bounds[2 * c]!, bounds[2 * c + 1]!))
  }
  return words
}

/** An engine's output for a unit whose word timings are estimated from its audio. */
export const estimatedOutput = (input: EngineInput, pcm: Int16Array, sampleRate: number): EngineOutput => ({
  pcm,
  sampleRate,
  words: estimateWordTimings(input, pcm, sampleRate),
  timing: 'estimated',
})

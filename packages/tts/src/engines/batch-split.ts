/**
 * Splitting the audio of several units spoken in one engine call: the units are separated by a long
 * `<break>`, and the audio is cut around each separator silence.
 */
import { SILENCE_THRESHOLD, frameRms, frameSize } from '../audio/levels.ts'

export const SEPARATOR_MS = 2500
/** Batching is used only when no pause inside a unit can be mistaken for a separator. */
export const MAX_BATCH_CLAUSE_PAUSE_MS = 1000
/** Silences at least this long are separators (eSpeak's own pauses stay far below). */
const SEPARATOR_MIN_MS = 2100

/** The PCM of each unit, or undefined when the separators cannot be found unambiguously. */
export const splitOnSeparators = (
  pcm: Int16Array,
  sampleRate: number,
  units: number,
): Int16Array[] | undefined => {
  const frames = frameRms(pcm, sampleRate)
  const size = frameSize(sampleRate)
  const msPerFrame = (size / sampleRate) * 1000
  const gaps: { start: number; end: number }[] = []
  let run = -1
  for (let f = 0; f <= frames.length; f++) {
    const silent = f < frames.length && frames[f]! < SILENCE_THRESHOLD
    if (silent) {
      if (run < 0) run = f
      continue
    }
    if (run >= 0 && run > 0 && f < frames.length) {
      const ms = (f - run) * msPerFrame
      if (ms >= SEPARATOR_MIN_MS) {
        // A unit that produced no sound leaves two separators in one silence.
        if (ms >= 2 * SEPARATOR_MS) return undefined
        gaps.push({ start: run * size, end: f * size })
      }
    }
    run = -1
  }
  if (gaps.length !== units - 1) return undefined
  // Each unit keeps 50 ms of the separator silence on either side; the rest is dropped.
  const margin = Math.round(sampleRate * 0.05)
  return Array.from({ length: units }, (_, i) =>
    pcm.slice(
      i === 0 ? 0 : Math.min(pcm.length, gaps[i - 1]!.end - margin),
      i === units - 1 ? pcm.length : gaps[i]!.start + margin,
    ),
  )
}

import { ENGINE_SAMPLE_RATE, getSharedPool } from '@loa/tts'
import { DEFAULT_FIT, lineWindows, type FitSettings } from '../fit/plan.ts'
import { planTrack, type LineFix } from '../fit/retime.ts'
import {
  placeSynthesized,
  synthesizeLine,
  type DubLine,
  type LineRenderOptions,
  type RenderedLine,
  type SynthesizedLine,
} from './line.ts'

export interface TrackRenderOptions extends LineRenderOptions {
  /** The source media's length: the track lasts at least that long, and the last line stops there. */
  mediaMs?: number
  /** Lines done / lines in all. */
  onProgress?: (done: number, total: number) => void
  /** Lines rendered at once (default: the pool's size). */
  concurrency?: number
  /** Users' fixes of lines that did not fit, by line index. */
  fixes?: ReadonlyMap<number, LineFix>
  /** Every line that cannot fit is accepted (cut at its limit) instead of unresolved. */
  allowOverrun?: boolean
}

export interface RenderedTrack {
  sampleRate: number
  /** The whole dub: silence with every line placed at its start. */
  pcm: Int16Array
  durationMs: number
  /** One per input line, in order (without their audio). */
  lines: Omit<RenderedLine, 'pcm'>[]
}

/**
 * Renders every line into its window (several at once on the tts pool: windows depend only on the cue times)
 * and places them on one silent track. Lines never overlap: each stops before the next one's start.
 */
export const renderTrack = async (
  lines: readonly DubLine[],
  options: TrackRenderOptions = {},
): Promise<RenderedTrack> => {
  const rate = options.sampleRate ?? ENGINE_SAMPLE_RATE
  const fit: FitSettings = options.fit ?? DEFAULT_FIT
  const sorted = [...lines].sort((a, b) => a.startMs - b.startMs || a.index - b.index)
  const windows = lineWindows(sorted, fit, options.mediaMs)
  const pool = options.pool ?? getSharedPool()
  const synthesized: SynthesizedLine[] = new Array(sorted.length)
  let next = 0
  let done = 0
  const runner = async (): Promise<void> => {
    while (next < sorted.length) {
      options.signal?.throwIfAborted()
      const i = next++
      synthesized[i] = await synthesizeLine(sorted[i]!, windows[i]!, {
        ...options,
        sampleRate: rate,
        fit,
        pool,
      })
      options.onProgress?.(++done, sorted.length)
    }
  }
  const concurrency = Math.max(1, options.concurrency ?? pool.size)
  await Promise.all(Array.from({ length: Math.min(concurrency, sorted.length) }, runner))
  // Placement needs every line's length: a line that cannot fit may move the lines after it.
  const plan = planTrack(
    sorted.map((l, i) => ({
      startMs: l.startMs,
      endMs: l.endMs,
      durationMs: (synthesized[i]!.pcm.length * 1000) / rate,
      engineFactor: synthesized[i]!.engineFactor,
      ...(options.fixes?.has(l.index) ? { fix: options.fixes.get(l.index)! } : {}),
    })),
    fit,
    options.mediaMs,
    options.allowOverrun,
  )
  const rendered = synthesized.map((line, i) => {
    const placed = placeSynthesized(line, plan[i]!, rate)
    synthesized[i] = { ...line, pcm: new Int16Array(0) } // let the unplaced audio go
    return placed
  })
  // The track ends at the media's end, else at the last placed line's end.
  const endMs = options.mediaMs ?? Math.max(0, ...rendered.map((r) => r.placedEndMs))
  const pcm = new Int16Array(Math.ceil((endMs * rate) / 1000))
  for (const line of rendered) {
    const at = Math.round((line.placedStartMs * rate) / 1000)
    pcm.set(line.pcm.subarray(0, Math.max(0, pcm.length - at)), at)
  }
  return {
    sampleRate: rate,
    pcm,
    durationMs: Math.round((pcm.length * 1000) / rate),
    lines: rendered.map(({ pcm: _pcm, ...rest }) => rest),
  }
}

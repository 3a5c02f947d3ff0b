'use client'
/** A sound's waveform for the dubbing timeline: peaks of the decoded audio, drawn as one SVG path. */

/** Peaks per second of sound: enough for the closest zoom without a path of a million points. */
const PEAKS_PER_SECOND = 25
const MAX_PEAKS = 6000

/** The loudest sample (0–1) of each equal slice of `samples`, `count` slices. */
export const peaksOf = (samples: Float32Array, count: number): number[] => {
  const n = Math.max(1, Math.min(count, samples.length))
  const size = samples.length / n
  const peaks: number[] = []
  for (let i = 0; i < n; i++) {
    let peak = 0
    const end = Math.min(samples.length, Math.floor((i + 1) * size))
    for (let j = Math.floor(i * size); j < end; j++) peak = Math.max(peak, Math.abs(samples[j]!))
    peaks.push(Math.min(1, peak))
  }
  return peaks
}

/** An SVG path over a `peaks.length` × 2 box, mirrored around the middle line. */
export const waveformPath = (peaks: readonly number[]): string => {
  if (peaks.length === 0) return ''
  const top = peaks.map((p, i) => `${i} ${(1 - p).toFixed(3)}`)
  const lower = peaks.map((p, i) => `${i} ${(1 + p).toFixed(3)}`).reverse()
  return `M${top.join(' L')} L${lower.join(' L')} Z`
}

/** Fetches and decodes a sound, then its peaks (`durationMs` of the sound as decoded). */
export const loadPeaks = async (
  url: string,
  signal: AbortSignal,
): Promise<{ peaks: number[]; durationMs: number }> => {
  const response = await fetch(url, { signal })
  if (!response.ok) throw new Error(`waveform: ${response.status}`)
  const bytes = await response.arrayBuffer()
  const context = new OfflineAudioContext(1, 1, 8000)
  const audio = await context.decodeAudioData(bytes)
  const samples = audio.getChannelData(0)
  const count = Math.min(MAX_PEAKS, Math.ceil(audio.duration * PEAKS_PER_SECOND))
  return { peaks: peaksOf(samples, count), durationMs: audio.duration * 1000 }
}

/** Loudness helpers: silence detection, trimming and per-sentence volume normalisation. */

/** Amplitude below which a 10 ms frame counts as silence (≈ −46 dBFS). */
export const SILENCE_THRESHOLD = 160

export const frameSize = (sampleRate: number): number => Math.max(1, Math.round(sampleRate / 100))

/** RMS of each 10 ms frame. */
export const frameRms = (pcm: Int16Array, sampleRate: number): Float32Array => {
  const size = frameSize(sampleRate)
  const frames = new Float32Array(Math.ceil(pcm.length / size))
  for (let f = 0; f < frames.length; f++) {
    let sum = 0
    const end = Math.min(pcm.length, (f + 1) * size)
    for (let i = f * size; i < end; i++) sum += pcm[i]! * pcm[i]!
    frames[f] = Math.sqrt(sum / Math.max(1, end - f * size))
  }
  return frames
}

export interface SpeechBounds {
  start: number
  end: number
}

/** First and last non-silent sample (with 20 ms of margin); undefined when all silent. */
export const speechBounds = (pcm: Int16Array, sampleRate: number): SpeechBounds | undefined => {
  let first = -1
  let last = -1
  for (let i = 0; i < pcm.length; i++) {
    if (Math.abs(pcm[i]!) > SILENCE_THRESHOLD) {
      if (first < 0) first = i
      last = i
    }
  }
  if (first < 0) return undefined
  const margin = Math.round(sampleRate * 0.02)
  return { start: Math.max(0, first - margin), end: Math.min(pcm.length, last + margin + 1) }
}

export const peakOf = (pcm: Int16Array): number => {
  let peak = 0
  for (let i = 0; i < pcm.length; i++) {
    const a = Math.abs(pcm[i]!)
    if (a > peak) peak = a
  }
  return peak
}

/** Target loudness of voiced frames (−18 dBFS RMS) and the ceiling for peaks (−1 dBFS). */
const TARGET_RMS = 32768 * 10 ** (-18 / 20)
const PEAK_CEILING = 32767 * 10 ** (-1 / 20)

/** Scales speech so voiced frames reach the target loudness without clipping. In place. */
export const normalizeVolume = (pcm: Int16Array, sampleRate: number): void => {
  const frames = frameRms(pcm, sampleRate)
  let sum = 0
  let count = 0
  for (const rms of frames) {
    if (rms > SILENCE_THRESHOLD * 2) {
      sum += rms * rms
      count++
    }
  }
  if (count === 0) return
  const rms = Math.sqrt(sum / count)
  const peak = peakOf(pcm)
  const gain = Math.min(TARGET_RMS / rms, PEAK_CEILING / Math.max(1, peak))
  if (Math.abs(gain - 1) < 0.01) return
  for (let i = 0; i < pcm.length; i++) {
    const v = Math.round(pcm[i]! * gain)
    pcm[i] = v > 32767 ? 32767 : v < -32768 ? -32768 : v
  }
}

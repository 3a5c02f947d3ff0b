/**
 * Streaming form of `resample`: PCM pushed chunk by chunk comes out at the new rate as soon as the filter has
 * the samples it needs, sample-identical to resampling the whole signal at once. Each call resamples a window
 * that starts on a sample where input and output grids meet (a multiple of from/gcd), keeping just enough
 * past input for the filter.
 */
import { resample } from './resample.ts'

/** Filter half-width in input samples (as `resample`'s, for any ratio down to 1/8). */
const CONTEXT = 80

const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b))

export interface StreamResampler {
  push(pcm: Int16Array): Int16Array
  /** The last samples (the signal ends with silence, as `resample` assumes). */
  end(): Int16Array
}

export const createStreamResampler = (from: number, to: number): StreamResampler => {
  if (from === to) return { push: (pcm) => pcm, end: () => new Int16Array(0) }
  const ratio = to / from
  const step = from / gcd(from, to)
  let buf = new Int16Array(0)
  let bufStart = 0
  let emitted = 0
  let total = 0

  const emit = (upTo: number): Int16Array => {
    if (upTo <= emitted) return new Int16Array(0)
    const s = bufStart
    // Zero padding past the end behaves as `resample` does at the edge of the whole signal.
    const window = new Int16Array(Math.max(buf.length, Math.ceil(upTo / ratio) - s + CONTEXT + 1))
    window.set(buf)
    const out = resample(window, from, to).slice(emitted - (s * to) / from, upTo - (s * to) / from)
    emitted = upTo
    // Keep the input the next outputs still need (from a grid-aligned start).
    const keepFrom = Math.max(bufStart, Math.floor((emitted / ratio - CONTEXT) / step) * step)
    buf = buf.slice(keepFrom - bufStart)
    bufStart = keepFrom
    return out
  }

  return {
    push(pcm) {
      const joined = new Int16Array(buf.length + pcm.length)
      joined.set(buf)
      joined.set(pcm, buf.length)
      buf = joined
      total += pcm.length
      const ready = Math.floor((bufStart + buf.length - CONTEXT) * ratio)
      return emit(Math.min(ready, Math.round(total * ratio)))
    },
    end: () => emit(Math.round(total * ratio)),
  }
}

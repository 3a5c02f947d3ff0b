/**
 * Telephone-band down-sampling: a linear-phase low-pass FIR (windowed sinc, Blackman) at the narrowband edge
 * (3.4 kHz), then every `factor`-th sample. Speech rendered at 16 kHz keeps its 300–3,400 Hz band clear on an
 * 8 kHz line and nothing above 4 kHz folds back into it (the general resampler cuts only at 0.96 × Nyquist).
 * Streaming: fed in pieces of any size, it writes exactly what one call with the whole signal writes.
 */

/** Where the telephone band ends (ITU-T narrowband speech, 300–3,400 Hz). */
export const NARROWBAND_CUTOFF_HZ = 3400
const TAPS = 95

const clamp16 = (v: number): number => (v > 32767 ? 32767 : v < -32768 ? -32768 : Math.round(v))

/** Low-pass taps (odd count, unity gain at DC) with the −6 dB point at `cutoffHz`. */
export const lowPassTaps = (cutoffHz: number, sampleRate: number, taps = TAPS): Float64Array => {
  const h = new Float64Array(taps)
  const mid = (taps - 1) / 2
  const fc = cutoffHz / sampleRate
  let sum = 0
  for (let k = 0; k < taps; k++) {
    const x = k - mid
    const sinc = x === 0 ? 2 * fc : Math.sin(2 * Math.PI * fc * x) / (Math.PI * x)
    const w =
      0.42 - 0.5 * Math.cos((2 * Math.PI * k) / (taps - 1)) + 0.08 * Math.cos((4 * Math.PI * k) / (taps - 1))
    h[k] = sinc * w
    sum += h[k]!
  }
  for (let k = 0; k < taps; k++) h[k]! /= sum
  return h
}

export interface Decimator {
  /** More input; returns the output samples now complete. */
  push(pcm: Int16Array): Int16Array
  /** The input ended: the last outputs (the filter's tail read against silence). */
  finish(): Int16Array
}

/**
 * A streaming band-limiting decimator from `fromRate` to `fromRate / factor` (integer factor), centred (no
 * delay): output n is the filtered input at sample n × factor; ⌈input length / factor⌉ samples in all.
 */
export const createDecimator = (
  fromRate: number,
  factor: number,
  cutoffHz = NARROWBAND_CUTOFF_HZ,
): Decimator => {
  const h = lowPassTaps(cutoffHz, fromRate)
  const half = (h.length - 1) / 2
  // buf[0] is input sample `base`; it starts with `half` zeros before sample 0.
  let buf = new Float64Array(half)
  let used = half
  let base = -half
  let next = 0
  let total = 0
  const append = (pcm: Int16Array | Float64Array) => {
    if (used + pcm.length > buf.length) {
      const grown = new Float64Array(Math.max(buf.length * 2, used + pcm.length))
      grown.set(buf.subarray(0, used))
      buf = grown
    }
    buf.set(pcm, used)
    used += pcm.length
  }
  const drain = (until: number): Int16Array => {
    const out: number[] = []
    while (next + half < base + used && next < until) {
      const start = next - half - base
      let acc = 0
      for (let k = 0; k < h.length; k++) acc += buf[start + k]! * h[k]!
      out.push(clamp16(acc))
      next += factor
    }
    const keep = next - half - base
    if (keep > 0) {
      buf.copyWithin(0, keep, used)
      used -= keep
      base += keep
    }
    return Int16Array.from(out)
  }
  return {
    push(pcm) {
      append(pcm)
      total += pcm.length
      return drain(Infinity)
    },
    finish() {
      append(new Float64Array(half + factor))
      return drain(total)
    },
  }
}

/** The whole signal at once (the same samples as the streaming form). */
export const decimate = (
  pcm: Int16Array,
  fromRate: number,
  factor: number,
  cutoffHz?: number,
): Int16Array => {
  const d = createDecimator(fromRate, factor, cutoffHz)
  const a = d.push(pcm)
  const b = d.finish()
  const out = new Int16Array(a.length + b.length)
  out.set(a)
  out.set(b, a.length)
  return out
}

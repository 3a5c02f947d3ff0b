/** Band-limited resampling (windowed sinc, Blackman window, precomputed polyphase table). */

const PHASES = 256
const ZERO_CROSSINGS = 8

const clamp16 = (v: number): number => (v > 32767 ? 32767 : v < -32768 ? -32768 : Math.round(v))

const buildTable = (cutoff: number, half: number): Float32Array => {
  const taps = 2 * half
  const table = new Float32Array((PHASES + 1) * taps)
  for (let p = 0; p <= PHASES; p++) {
    const frac = p / PHASES
    let sum = 0
    for (let k = 0; k < taps; k++) {
      const x = k - half + 1 - frac
      const t = x * cutoff
      const sinc = t === 0 ? 1 : Math.sin(Math.PI * t) / (Math.PI * t)
      const w = (x + half) / (2 * half)
      const blackman =
        w <= 0 || w >= 1 ? 0 : 0.42 - 0.5 * Math.cos(2 * Math.PI * w) + 0.08 * Math.cos(4 * Math.PI * w)
      const v = cutoff * sinc * blackman
      table[p * taps + k] = v
      sum += v
    }
    // Unity gain at DC for every phase.
    for (let k = 0; k < taps; k++) table[p * taps + k]! /= sum
  }
  return table
}

const tables = new Map<string, Float32Array>()

/** Converts 16-bit mono PCM from one sample rate to another. */
export const resample = (input: Int16Array, from: number, to: number): Int16Array => {
  if (from === to || input.length === 0) return input
  const ratio = to / from
  const cutoff = Math.min(1, ratio) * 0.96
  const half = Math.ceil(ZERO_CROSSINGS / Math.min(1, ratio))
  const taps = 2 * half
  const key = `${cutoff}:${half}`
  let table = tables.get(key)
  if (!table) {
    table = buildTable(cutoff, half)
    tables.set(key, table)
  }
  const outLength = Math.round(input.length * ratio)
  const out = new Int16Array(outLength)
  const last = input.length - 1
  for (let n = 0; n < outLength; n++) {
    const pos = n / ratio
    const i = Math.floor(pos)
    const p = Math.round((pos - i) * PHASES)
    const base = p * taps
    let acc = 0
    const first = i - half + 1
    if (first >= 0 && first + taps - 1 <= last) {
      for (let k = 0; k < taps; k++) acc += input[first + k]! * table[base + k]!
    } else {
      for (let k = 0; k < taps; k++) {
        const j = first + k
        if (j >= 0 && j <= last) acc += input[j]! * table[base + k]!
      }
    }
    out[n] = clamp16(acc)
  }
  return out
}

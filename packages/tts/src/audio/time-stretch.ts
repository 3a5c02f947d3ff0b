/**
 * Pitch-preserving time stretch (WSOLA). Used only for speeds slower than the engine's minimum rate
 * (eSpeak cannot go below 80 words per minute).
 */

/** Stretches `input` so that it lasts `factor` times longer (factor > 0). */
export const timeStretch = (input: Int16Array, sampleRate: number, factor: number): Int16Array => {
  if (Math.abs(factor - 1) < 0.005 || input.length === 0) return input
  const frame = 2 * Math.round(sampleRate * 0.015)
  const hop = frame / 2
  const tolerance = Math.round(sampleRate * 0.008)
  const outLength = Math.round(input.length * factor)
  const out = new Float32Array(outLength + frame)
  const norm = new Float32Array(outLength + frame)
  const window = new Float32Array(frame)
  for (let i = 0; i < frame; i++) window[i] = 0.5 - 0.5 * Math.cos((2 * Math.PI * i) / frame)
  const sample = (i: number): number => (i >= 0 && i < input.length ? input[i]! : 0)
  let natural = 0
  for (let outPos = 0; outPos < outLength; outPos += hop) {
    const nominal = Math.round(outPos / factor)
    let best = nominal
    if (outPos > 0) {
      let bestScore = -Infinity
      for (let d = -tolerance; d <= tolerance; d++) {
        const cand = nominal + d
        if (cand < 0) continue
        let score = 0
        for (let i = 0; i < hop; i += 2) score += sample(cand + i) * sample(natural + i)
        if (score > bestScore) {
          bestScore = score
          best = cand
        }
      }
    }
    for (let i = 0; i < frame; i++) {
      out[outPos + i]! += sample(best + i) * window[i]!
      norm[outPos + i]! += window[i]!
    }
    natural = best + hop
  }
  const result = new Int16Array(outLength)
  for (let i = 0; i < outLength; i++) {
    const v = norm[i]! > 1e-3 ? out[i]! / norm[i]! : out[i]!
    result[i] = v > 32767 ? 32767 : v < -32768 ? -32768 : Math.round(v)
  }
  return result
}

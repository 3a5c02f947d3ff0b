/** Assertions helpers for tests: loudness and frequency of PCM. */

export const rms = (pcm: Int16Array, from = 0, to = pcm.length): number => {
  let sum = 0
  for (let i = from; i < to; i++) sum += pcm[i]! * pcm[i]!
  return Math.sqrt(sum / Math.max(1, to - from))
}

/** Share of 50 ms windows whose RMS is above the silence level. */
export const voicedShare = (pcm: Int16Array, sampleRate: number): number => {
  const size = Math.round(sampleRate * 0.05)
  let voiced = 0
  let total = 0
  for (let i = 0; i + size <= pcm.length; i += size) {
    total++
    if (rms(pcm, i, i + size) > 300) voiced++
  }
  return total === 0 ? 0 : voiced / total
}

export const sine = (
  frequency: number,
  sampleRate: number,
  seconds: number,
  amplitude = 10000,
): Int16Array => {
  const out = new Int16Array(Math.round(sampleRate * seconds))
  for (let i = 0; i < out.length; i++)
    out[i] = Math.round(amplitude * Math.sin((2 * Math.PI * frequency * i) / sampleRate))
  return out
}

/** Frequency estimated from zero crossings. */
export const zeroCrossingFrequency = (pcm: Int16Array, sampleRate: number): number => {
  let crossings = 0
  for (let i = 1; i < pcm.length; i++) if (pcm[i - 1]! < 0 !== pcm[i]! < 0) crossings++
  return crossings / 2 / (pcm.length / sampleRate)
}

import { describe, expect, it } from 'vitest'
import { resample } from './resample.ts'
import { createStreamResampler } from './resample-stream.ts'

const signal = (n: number): Int16Array => {
  const out = new Int16Array(n)
  for (let i = 0; i < n; i++) out[i] = Math.round(8000 * Math.sin(i / 7) + 3000 * Math.sin(i / 1.9))
  return out
}

describe('createStreamResampler', () => {
  for (const [from, to] of [
    [24000, 22050],
    [24000, 16000],
    [16000, 44100],
    [22050, 8000],
  ] as const)
    it(`${from} → ${to} Hz in uneven chunks equals resampling at once`, () => {
      const input = signal(9001)
      const stream = createStreamResampler(from, to)
      const parts: Int16Array[] = []
      for (let at = 0, size = 37; at < input.length; at += size, size = ((size * 7) % 1500) + 1)
        parts.push(stream.push(input.subarray(at, Math.min(input.length, at + size))))
      parts.push(stream.end())
      const joined = new Int16Array(parts.reduce((n, p) => n + p.length, 0))
      let at = 0
      for (const p of parts) {
        joined.set(p, at)
        at += p.length
      }
      const whole = resample(input, from, to)
      expect(joined.length).toBe(whole.length)
      let maxDiff = 0
      for (let i = 0; i < whole.length; i++) maxDiff = Math.max(maxDiff, Math.abs(whole[i]! - joined[i]!))
      expect(maxDiff).toBeLessThanOrEqual(1)
    })
})

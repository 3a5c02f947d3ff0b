import { describe, expect, it } from 'vitest'
import { readMp3Info } from '../audio/mp3-info.ts'
import { createEncoder, type Mp3EncoderKind } from './index.ts'
import { concatBytes } from './types.ts'

/** A voiced, non-periodic test signal (so that frames differ). */
const signal = (samples: number, seed: number): Int16Array => {
  const pcm = new Int16Array(samples)
  let noise = seed
  for (let i = 0; i < samples; i++) {
    noise = (noise * 1103515245 + 12345) % 2147483648
    const tone = Math.sin(i / (4 + seed)) * Math.sin(i / 2500)
    pcm[i] = Math.round(9000 * tone + (noise / 2147483648 - 0.5) * 1500)
  }
  return pcm
}

const encodeOnce = async (
  pcm: Int16Array,
  sampleRate: number,
  bitrate: number,
  kind: Mp3EncoderKind = 'wasm',
): Promise<Uint8Array> => {
  const encoder = await createEncoder({ format: 'mp3', sampleRate, bitrate }, kind)
  return concatBytes([encoder.encode(pcm), encoder.finish()])
}

const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve))

describe('MP3 encoders', () => {
  it('a reused WebAssembly encoder writes the same bytes as a fresh one, whatever ran before', async () => {
    const a = signal(40_000, 1)
    const b = signal(30_000, 2)
    const first = await encodeOnce(a, 22050, 64)
    await nextTurn()
    // Other settings in between, then the first ones again (served by a kept encoder).
    const other = await encodeOnce(b, 16000, 32)
    await nextTurn()
    expect(await encodeOnce(a, 22050, 64)).toEqual(first)
    await nextTurn()
    expect(await encodeOnce(b, 16000, 32)).toEqual(other)
    expect(readMp3Info(first).sampleRate).toBe(22050)
    expect(readMp3Info(other).sampleRate).toBe(16000)
  })

  it.each(['wasm', 'lamejs'] as const)(
    '%s: one encoder fed in two steps writes the same bytes as fed at once, in whole frames',
    async (kind) => {
      const pcm = signal(50_000, 3)
      const whole = await encodeOnce(pcm, 22050, 64, kind)
      const encoder = await createEncoder({ format: 'mp3', sampleRate: 22050, bitrate: 64 }, kind)
      const head = encoder.encode(pcm.subarray(0, 11025))
      const rest = concatBytes([encoder.encode(pcm.subarray(11025)), encoder.finish()])
      expect(concatBytes([head, rest])).toEqual(whole)
      // The head alone is a playable stream of whole frames.
      expect(head.length).toBeGreaterThan(0)
      expect(readMp3Info(head).junkBytes).toBe(0)
      expect(readMp3Info(rest).junkBytes).toBe(0)
    },
  )

  it('refuses to be used after finish (its instance may serve another stream)', async () => {
    const encoder = await createEncoder({ format: 'mp3', sampleRate: 22050, bitrate: 64 })
    encoder.encode(signal(5000, 4))
    encoder.finish()
    expect(() => encoder.encode(signal(100, 5))).toThrow(/finished/)
  })
})

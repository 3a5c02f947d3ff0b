/** WAV "encoder" for streams: a header with unknown length, then little-endian 16-bit PCM. */
import { wavHeader } from '../audio/wav.ts'
import type { AudioEncoder } from './types.ts'

export const pcmBytes = (pcm: Int16Array): Uint8Array => {
  const out = new Uint8Array(pcm.length * 2)
  const view = new DataView(out.buffer)
  for (let i = 0; i < pcm.length; i++) view.setInt16(i * 2, pcm[i]!, true)
  return out
}

export const createWavEncoder = (sampleRate: number): AudioEncoder => {
  let headerSent = false
  const header = (): Uint8Array => {
    if (headerSent) return new Uint8Array(0)
    headerSent = true
    return wavHeader(sampleRate, undefined)
  }
  return {
    encode(pcm) {
      const h = header()
      const body = pcmBytes(pcm)
      if (h.length === 0) return body
      const out = new Uint8Array(h.length + body.length)
      out.set(h)
      out.set(body, h.length)
      return out
    },
    finish: () => header(),
  }
}

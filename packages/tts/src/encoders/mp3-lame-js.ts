/** MP3 through pure-JS LAME (`@breezystack/lamejs`): the fallback when WebAssembly is unavailable. */
import { concatBytes, type AudioEncoder } from './types.ts'

const CHUNK = 1152 * 16

export const createLameJsMp3Encoder = async (sampleRate: number, bitrate: number): Promise<AudioEncoder> => {
  const { Mp3Encoder } = await import('@breezystack/lamejs')
  const encoder = new Mp3Encoder(1, sampleRate, bitrate)
  return {
    encode(pcm) {
      const parts: Uint8Array[] = []
      for (let i = 0; i < pcm.length; i += CHUNK)
        parts.push(new Uint8Array(encoder.encodeBuffer(pcm.subarray(i, i + CHUNK))))
      return concatBytes(parts)
    },
    finish: () => new Uint8Array(encoder.flush()),
  }
}

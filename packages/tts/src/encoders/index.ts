/** Picks the encoder for a format: WAV, MP3 via WebAssembly LAME, or pure-JS LAME as a fallback. */
import { wholeFramesLength } from '../audio/mp3-info.ts'
import { concatBytes, type AudioEncoder, type EncoderSettings } from './types.ts'
import { createWavEncoder } from './wav-encoder.ts'

export type Mp3EncoderKind = 'wasm' | 'lamejs'

/**
 * LAME's output can end inside a frame: hold the partial frame back until the next call, so that every
 * piece handed out is whole frames (a client may decode each streamed chunk on its own).
 */
const inWholeFrames = (encoder: AudioEncoder): AudioEncoder => {
  let carry = new Uint8Array(0)
  return {
    encode(pcm) {
      const bytes = concatBytes([carry, encoder.encode(pcm)])
      const whole = wholeFramesLength(bytes)
      carry = bytes.slice(whole)
      return whole === bytes.length ? bytes : bytes.subarray(0, whole)
    },
    finish() {
      const out = concatBytes([carry, encoder.finish()])
      carry = new Uint8Array(0)
      return out
    },
  }
}

const createMp3Encoder = async (settings: EncoderSettings, mp3: Mp3EncoderKind): Promise<AudioEncoder> => {
  if (mp3 === 'wasm') {
    try {
      const { createWasmMp3Encoder } = await import('./mp3-wasm.ts')
      return await createWasmMp3Encoder(settings.sampleRate, settings.bitrate)
    } catch {
      // Fall through to the pure-JS encoder.
    }
  }
  const { createLameJsMp3Encoder } = await import('./mp3-lame-js.ts')
  return createLameJsMp3Encoder(settings.sampleRate, settings.bitrate)
}

export const createEncoder = async (
  settings: EncoderSettings,
  mp3: Mp3EncoderKind = 'wasm',
): Promise<AudioEncoder> =>
  settings.format === 'wav'
    ? createWavEncoder(settings.sampleRate)
    : inWholeFrames(await createMp3Encoder(settings, mp3))

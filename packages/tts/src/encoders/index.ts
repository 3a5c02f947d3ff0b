/** Picks the encoder for a format: WAV, MP3 via WebAssembly LAME, or pure-JS LAME as a fallback. */
import type { AudioEncoder, EncoderSettings } from './types.ts'
import { createWavEncoder } from './wav-encoder.ts'

export type Mp3EncoderKind = 'wasm' | 'lamejs'

export const createEncoder = async (
  settings: EncoderSettings,
  mp3: Mp3EncoderKind = 'wasm',
): Promise<AudioEncoder> => {
  if (settings.format === 'wav') return createWavEncoder(settings.sampleRate)
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

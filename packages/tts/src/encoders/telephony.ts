/**
 * Telephone-line audio from speech rendered at 16 kHz: 8 kHz G.711 μ-law / A-law (raw, or WAV with format tag 7 /
 * 6 and the `fact` chunk) and 8 or 16 kHz 16-bit PCM (raw, or WAV). 8 kHz outputs are band-limited to the
 * telephone band before decimation (audio/band-limit.ts); 16 kHz is the render itself.
 */
import { createDecimator, type Decimator } from '../audio/band-limit.ts'
import { WAV_HEADER_BYTES, wavHeader } from '../audio/wav.ts'
import { encodeG711, g711WavHeader, G711_WAV_HEADER_BYTES, type G711Law } from './g711.ts'
import { concatBytes } from './types.ts'
import { pcmBytes } from './wav-encoder.ts'

/** The rate telephone outputs are rendered at before they are band-limited and decimated. */
export const TELEPHONY_RENDER_RATE = 16000

export interface TelephonyTarget {
  codec: G711Law | 'pcm'
  /**
   * 8000: band-limited and decimated from the 16 kHz render (G.711 is always 8 kHz); any other rate: the
   * render's own samples, passed through (16 kHz telephone PCM, or a header stripped off a stream).
   */
  sampleRate: number
  /** A RIFF/WAVE header (tag 1 PCM, 7 μ-law, 6 A-law) before the samples; else raw bytes. */
  wav: boolean
}

export const TELEPHONY_MIME: Record<G711Law, string> = { ulaw: 'audio/basic', alaw: 'audio/x-alaw-basic' }

const headerOf = (target: TelephonyTarget, samples: number | undefined): Uint8Array =>
  target.codec === 'pcm'
    ? wavHeader(target.sampleRate, samples === undefined ? undefined : samples * 2)
    : g711WavHeader(target.codec, samples)

/** A stream encoder: 16 kHz samples in, target bytes out (a WAV stream's header carries unknown sizes). */
export interface TelephonyEncoder {
  encode(pcm16k: Int16Array): Uint8Array
  finish(): Uint8Array
}

export const createTelephonyEncoder = (target: TelephonyTarget): TelephonyEncoder => {
  const decimator: Decimator | undefined =
    target.sampleRate === 8000 ? createDecimator(TELEPHONY_RENDER_RATE, 2) : undefined
  let headerSent = !target.wav
  const bytes = (pcm: Int16Array): Uint8Array => {
    const body = target.codec === 'pcm' ? pcmBytes(pcm) : encodeG711(pcm, target.codec)
    if (headerSent) return body
    headerSent = true
    return concatBytes([headerOf(target, undefined), body])
  }
  return {
    encode: (pcm) => bytes(decimator ? decimator.push(pcm) : pcm),
    finish: () => bytes(decimator ? decimator.finish() : new Int16Array(0)),
  }
}

/** The bytes of a whole file: a WAV's header carries the real sizes. */
export const encodeTelephony = (pcm16k: Int16Array, target: TelephonyTarget): Uint8Array => {
  const encoder = createTelephonyEncoder({ ...target, wav: false })
  const body = concatBytes([encoder.encode(pcm16k), encoder.finish()])
  if (!target.wav) return body
  const samples = target.codec === 'pcm' ? body.length / 2 : body.length
  return concatBytes([headerOf(target, samples), body])
}

/** Header bytes of a target's WAV container (0 when raw). */
export const telephonyHeaderBytes = (target: TelephonyTarget): number =>
  !target.wav ? 0 : target.codec === 'pcm' ? WAV_HEADER_BYTES : G711_WAV_HEADER_BYTES

/**
 * Turns a 16 kHz 16-bit mono WAV byte stream (as `synthesizeStream` writes it, header first, chunks cut
 * anywhere) into the target's bytes as they come.
 */
export const createWavTranscoder = (target: TelephonyTarget) => {
  const encoder = createTelephonyEncoder(target)
  let skip = WAV_HEADER_BYTES
  let carry: number | undefined
  return {
    push(chunk: Uint8Array): Uint8Array {
      let bytes = chunk
      if (skip > 0) {
        const drop = Math.min(skip, bytes.length)
        skip -= drop
        bytes = bytes.subarray(drop)
      }
      if (carry !== undefined && bytes.length > 0) {
        bytes = concatBytes([Uint8Array.of(carry), bytes])
        carry = undefined
      }
      if (bytes.length % 2 === 1) {
        carry = bytes[bytes.length - 1]
        bytes = bytes.subarray(0, bytes.length - 1)
      }
      const pcm = new Int16Array(bytes.length / 2)
      const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
      for (let i = 0; i < pcm.length; i++) pcm[i] = view.getInt16(i * 2, true)
      return encoder.encode(pcm)
    },
    finish: (): Uint8Array => encoder.finish(),
  }
}

/** Streaming audio encoders: PCM in, encoded bytes out as soon as they are ready. */
import type { AudioFormat } from '../options.ts'

export interface EncoderSettings {
  format: AudioFormat
  sampleRate: number
  /** MP3 only (kbps, already a valid bitrate for the sample rate). */
  bitrate: number
}

export interface AudioEncoder {
  /** Encodes more PCM; returns the bytes ready so far (may be empty). */
  encode(pcm: Int16Array): Uint8Array
  /** Flushes the encoder; returns the last bytes. */
  finish(): Uint8Array
}

export const MIME_TYPES: Record<AudioFormat, string> = { mp3: 'audio/mpeg', wav: 'audio/wav' }

/** One buffer holding `parts` in order (the part itself when there is only one). */
export const concatBytes = (parts: Uint8Array[]): Uint8Array => {
  if (parts.length === 1) return parts[0]!
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0))
  let at = 0
  for (const p of parts) {
    out.set(p, at)
    at += p.length
  }
  return out
}

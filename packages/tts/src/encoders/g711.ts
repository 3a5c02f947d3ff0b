/**
 * ITU-T G.711 companding (μ-law and A-law) of 16-bit PCM, as in the CCITT reference code (Sun's g711.c): the
 * decoded levels are the standard 16-bit tables every telephony stack and ffmpeg's pcm_mulaw/pcm_alaw use.
 */

export type G711Law = 'ulaw' | 'alaw'

const BIAS = 0x84
const ULAW_CLIP = 8159
const SEG_ULAW_END = [0x3f, 0x7f, 0xff, 0x1ff, 0x3ff, 0x7ff, 0xfff, 0x1fff]
const SEG_ALAW_END = [0x1f, 0x3f, 0x7f, 0xff, 0x1ff, 0x3ff, 0x7ff, 0xfff]

const segment = (value: number, ends: readonly number[]): number => {
  for (let i = 0; i < ends.length; i++) if (value <= ends[i]!) return i
  return ends.length
}

/** One 16-bit sample → its μ-law byte. */
export const linearToUlaw = (sample: number): number => {
  let v = sample >> 2
  let mask = 0xff
  if (v < 0) {
    v = -v
    mask = 0x7f
  }
  if (v > ULAW_CLIP) v = ULAW_CLIP
  v += BIAS >> 2
  const seg = segment(v, SEG_ULAW_END)
  if (seg >= 8) return 0x7f ^ mask
  return ((seg << 4) | ((v >> (seg + 1)) & 0xf)) ^ mask
}

/** One μ-law byte → its 16-bit level. */
export const ulawToLinear = (byte: number): number => {
  const u = ~byte & 0xff
  let t = ((u & 0x0f) << 3) + BIAS
  t <<= (u & 0x70) >> 4
  return u & 0x80 ? BIAS - t : t - BIAS
}

/** One 16-bit sample → its A-law byte (even bits inverted, as on the line). */
export const linearToAlaw = (sample: number): number => {
  let v = sample >> 3
  let mask: number
  if (v >= 0) mask = 0xd5
  else {
    mask = 0x55
    v = -v - 1
  }
  const seg = segment(v, SEG_ALAW_END)
  if (seg >= 8) return 0x7f ^ mask
  const quant = seg < 2 ? (v >> 1) & 0xf : (v >> seg) & 0xf
  return ((seg << 4) | quant) ^ mask
}

/** One A-law byte → its 16-bit level. */
export const alawToLinear = (byte: number): number => {
  const a = (byte ^ 0x55) & 0xff
  let t = (a & 0x0f) << 4
  const seg = (a & 0x70) >> 4
  if (seg === 0) t += 8
  else if (seg === 1) t += 0x108
  else t = (t + 0x108) << (seg - 1)
  return a & 0x80 ? t : -t
}

const table = (encode: (s: number) => number): Uint8Array => {
  const out = new Uint8Array(65536)
  for (let i = 0; i < 65536; i++) out[i] = encode(i - 32768)
  return out
}
const tables: Partial<Record<G711Law, Uint8Array>> = {}
const tableOf = (law: G711Law): Uint8Array =>
  (tables[law] ??= table(law === 'ulaw' ? linearToUlaw : linearToAlaw))

/** Companded bytes of 16-bit samples (one byte per sample). */
export const encodeG711 = (pcm: Int16Array, law: G711Law): Uint8Array => {
  const t = tableOf(law)
  const out = new Uint8Array(pcm.length)
  for (let i = 0; i < pcm.length; i++) out[i] = t[pcm[i]! + 32768]!
  return out
}

/** 16-bit samples of companded bytes. */
export const decodeG711 = (bytes: Uint8Array, law: G711Law): Int16Array => {
  const decode = law === 'ulaw' ? ulawToLinear : alawToLinear
  const out = new Int16Array(bytes.length)
  for (let i = 0; i < bytes.length; i++) out[i] = decode(bytes[i]!)
  return out
}

/** WAVE format tags of the companded codecs. */
export const G711_FORMAT_TAG: Record<G711Law, number> = { ulaw: 7, alaw: 6 }
export const G711_WAV_HEADER_BYTES = 58
/** Sizes written when the length is not known yet (a stream), as for the PCM streaming header. */
const UNKNOWN_SIZE = 0xffffffff - 50

/**
 * The 58-byte header of an 8 kHz mono G.711 WAV: an 18-byte `fmt ` chunk (tag 7 μ-law, 6 A-law) and the `fact`
 * chunk non-PCM WAVs must carry (its sample count = the data bytes). No `samples`: a stream's unknown sizes.
 */
export const g711WavHeader = (law: G711Law, samples: number | undefined, sampleRate = 8000): Uint8Array => {
  const header = new Uint8Array(G711_WAV_HEADER_BYTES)
  const view = new DataView(header.buffer)
  const size = samples ?? UNKNOWN_SIZE
  const ascii = (offset: number, s: string): void => {
    for (let i = 0; i < s.length; i++) header[offset + i] = s.charCodeAt(i)
  }
  ascii(0, 'RIFF')
  view.setUint32(4, 50 + size, true)
  ascii(8, 'WAVE')
  ascii(12, 'fmt ')
  view.setUint32(16, 18, true)
  view.setUint16(20, G711_FORMAT_TAG[law], true)
  view.setUint16(22, 1, true) // mono
  view.setUint32(24, sampleRate, true)
  view.setUint32(28, sampleRate, true) // one byte per sample
  view.setUint16(32, 1, true) // block align
  view.setUint16(34, 8, true) // bits per sample
  view.setUint16(36, 0, true) // cbSize
  ascii(38, 'fact')
  view.setUint32(42, 4, true)
  view.setUint32(46, size, true)
  ascii(50, 'data')
  view.setUint32(54, size, true)
  return header
}

/** RIFF/WAVE (PCM, 16-bit, mono) headers and parsing. */

export const WAV_HEADER_BYTES = 44
/** Data size written in a streaming header, when the length is not known yet. */
const UNKNOWN_SIZE = 0xffffffff - 36

export const wavHeader = (sampleRate: number, dataBytes: number | undefined): Uint8Array => {
  const header = new Uint8Array(WAV_HEADER_BYTES)
  const view = new DataView(header.buffer)
  const size = dataBytes ?? UNKNOWN_SIZE
  const ascii = (offset: number, s: string): void => {
    for (let i = 0; i < s.length; i++) header[offset + i] = s.charCodeAt(i)
  }
  ascii(0, 'RIFF')
  view.setUint32(4, 36 + size, true)
  ascii(8, 'WAVE')
  ascii(12, 'fmt ')
  view.setUint32(16, 16, true)
  view.setUint16(20, 1, true) // PCM
  view.setUint16(22, 1, true) // mono
  view.setUint32(24, sampleRate, true)
  view.setUint32(28, sampleRate * 2, true)
  view.setUint16(32, 2, true)
  view.setUint16(34, 16, true)
  ascii(36, 'data')
  view.setUint32(40, size, true)
  return header
}

/** The sample rate in a canonical 44-byte header (as a streaming writer such as eSpeak's starts with). */
export const headerSampleRate = (header: Uint8Array): number =>
  new DataView(header.buffer, header.byteOffset, header.byteLength).getUint32(24, true)

const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1

export interface ParsedWav {
  sampleRate: number
  channels: number
  bitsPerSample: number
  pcm: Int16Array
}

/** Reads a 16-bit PCM WAV (tolerates the unknown sizes of a streamed header). */
export const parseWav = (bytes: Uint8Array): ParsedWav => {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  const tag = (offset: number): string => String.fromCharCode(...bytes.subarray(offset, offset + 4))
  if (bytes.byteLength < 12 || tag(0) !== 'RIFF' || tag(8) !== 'WAVE') throw new Error('not a RIFF/WAVE file')
  let offset = 12
  let sampleRate = 0
  let channels = 0
  let bitsPerSample = 0
  while (offset + 8 <= bytes.byteLength) {
    const id = tag(offset)
    const size = view.getUint32(offset + 4, true)
    if (id === 'fmt ') {
      channels = view.getUint16(offset + 10, true)
      sampleRate = view.getUint32(offset + 12, true)
      bitsPerSample = view.getUint16(offset + 22, true)
    } else if (id === 'data') {
      const start = offset + 8
      const end = Math.min(bytes.byteLength, start + size)
      const length = Math.floor((end - start) / 2)
      // Copy into an aligned buffer; samples are little-endian like every platform Node runs on here.
      const copy = bytes.slice(start, start + length * 2)
      const pcm = LITTLE_ENDIAN ? new Int16Array(copy.buffer, 0, length) : new Int16Array(length)
      if (!LITTLE_ENDIAN) for (let i = 0; i < length; i++) pcm[i] = view.getInt16(start + i * 2, true)
      return { sampleRate, channels, bitsPerSample, pcm }
    }
    offset += 8 + size + (size % 2)
  }
  throw new Error('WAV file has no data chunk')
}

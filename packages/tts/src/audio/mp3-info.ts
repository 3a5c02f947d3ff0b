/** Walks the frames of an MP3 stream: validates headers and measures the duration. */

export interface Mp3Info {
  frames: number
  sampleRate: number
  /** Bitrate of the first audio frame (kbps). */
  bitrate: number
  durationMs: number
  /** Bytes that were not part of a valid frame (should be 0 besides an ID3 tag). */
  junkBytes: number
}

const BITRATES: Record<'v1' | 'v2', number[]> = {
  v1: [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320],
  v2: [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
}
const SAMPLE_RATES: Record<number, number[]> = {
  3: [44100, 48000, 32000], // MPEG-1
  2: [22050, 24000, 16000], // MPEG-2
  0: [11025, 12000, 8000], // MPEG-2.5
}

interface FrameHeader {
  /** Bytes of the frame, header included. */
  length: number
  samples: number
  sampleRate: number
  kbps: number
}

/** The MP3 frame whose header starts at `offset`, or undefined when there is none. */
const frameAt = (bytes: Uint8Array, offset: number): FrameHeader | undefined => {
  if (offset + 4 > bytes.length) return undefined
  const b1 = bytes[offset + 1]!
  const b2 = bytes[offset + 2]!
  const version = (b1 >> 3) & 3
  const layer = (b1 >> 1) & 3
  const rates = SAMPLE_RATES[version]
  const brIndex = b2 >> 4
  const srIndex = (b2 >> 2) & 3
  if (
    bytes[offset] !== 0xff ||
    (b1 & 0xe0) !== 0xe0 ||
    layer !== 1 ||
    !rates ||
    srIndex === 3 ||
    brIndex === 0 ||
    brIndex === 15
  ) {
    return undefined
  }
  const kbps = BITRATES[version === 3 ? 'v1' : 'v2'][brIndex]!
  const sampleRate = rates[srIndex]!
  const padding = (b2 >> 1) & 1
  const samples = version === 3 ? 1152 : 576
  return {
    length: Math.floor(((samples / 8) * kbps * 1000) / sampleRate) + padding,
    samples,
    sampleRate,
    kbps,
  }
}

export const readMp3Info = (bytes: Uint8Array): Mp3Info => {
  let offset = 0
  if (bytes.length >= 10 && bytes[0] === 0x49 && bytes[1] === 0x44 && bytes[2] === 0x33) {
    const size =
      ((bytes[6]! & 0x7f) << 21) | ((bytes[7]! & 0x7f) << 14) | ((bytes[8]! & 0x7f) << 7) | (bytes[9]! & 0x7f)
    offset = 10 + size
  }
  let frames = 0
  let samples = 0
  let sampleRate = 0
  let bitrate = 0
  let junkBytes = 0
  while (offset + 4 <= bytes.length) {
    const frame = frameAt(bytes, offset)
    if (!frame) {
      junkBytes++
      offset++
      continue
    }
    if (frames === 0) {
      sampleRate = frame.sampleRate
      bitrate = frame.kbps
    }
    frames++
    samples += frame.samples
    offset += frame.length
  }
  return {
    frames,
    sampleRate,
    bitrate,
    durationMs: sampleRate ? (samples / sampleRate) * 1000 : 0,
    junkBytes,
  }
}

/**
 * Bytes at the start of `bytes` (which starts at a frame header) that hold whole frames: an encoder's
 * output may end inside a frame, whose remainder comes with its next output.
 */
export const wholeFramesLength = (bytes: Uint8Array): number => {
  let offset = 0
  for (;;) {
    const frame = frameAt(bytes, offset)
    if (!frame || offset + frame.length > bytes.length) return offset
    offset += frame.length
  }
}

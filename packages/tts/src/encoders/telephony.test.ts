import { execFileSync, spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { decimate } from '../audio/band-limit.ts'
import {
  alawToLinear,
  decodeG711,
  encodeG711,
  linearToAlaw,
  linearToUlaw,
  ulawToLinear,
  type G711Law,
} from './g711.ts'
import { createTelephonyEncoder, createWavTranscoder, encodeTelephony } from './telephony.ts'
import { wavHeader } from '../audio/wav.ts'
import { concatBytes } from './types.ts'

/**
 * Independent vectors: entries of the ITU-T G.711 decoding tables (Table 2a μ-law, Table 1a A-law) as the
 * 16-bit values telephony stacks use (14-/13-bit levels shifted left), e.g. μ-law 0x00 = −8031 × 4 = −32124.
 */
const ULAW_LEVELS: [number, number][] = [
  [0x00, -32124],
  [0x0f, -16764],
  [0x10, -15996],
  [0x70, -120],
  [0x7e, -8],
  [0x7f, 0],
  [0x80, 32124],
  [0xef, 132],
  [0xfe, 8],
  [0xff, 0],
]
const ALAW_LEVELS: [number, number][] = [
  [0x55, -8],
  [0xd5, 8],
  [0x54, -24],
  [0x2a, -32256],
  [0xaa, 32256],
  [0x45, -264],
  [0x65, -1056],
  [0xe5, 1056],
]

const tone = (hz: number, rate: number, seconds: number, amplitude = 12000): Int16Array => {
  const out = new Int16Array(Math.round(rate * seconds))
  for (let i = 0; i < out.length; i++)
    out[i] = Math.round(amplitude * Math.sin((2 * Math.PI * hz * i) / rate))
  return out
}

const rms = (pcm: Int16Array, from = 0, to = pcm.length): number => {
  let sum = 0
  for (let i = from; i < to; i++) sum += pcm[i]! * pcm[i]!
  return Math.sqrt(sum / (to - from))
}

describe('G.711 companding', () => {
  it('decodes to the reference table levels', () => {
    for (const [code, level] of ULAW_LEVELS) expect(ulawToLinear(code), `μ-law ${code}`).toBe(level)
    for (const [code, level] of ALAW_LEVELS) expect(alawToLinear(code), `A-law ${code}`).toBe(level)
  })

  it('encodes every reconstruction level back to its own code, silence to the line idle codes', () => {
    for (let c = 0; c < 256; c++) {
      if (c !== 0x7f) expect(linearToUlaw(ulawToLinear(c))).toBe(c)
      expect(linearToAlaw(alawToLinear(c))).toBe(c)
    }
    expect(linearToUlaw(0)).toBe(0xff)
    expect(linearToAlaw(0)).toBe(0xd5)
    expect(linearToUlaw(32767)).toBe(0x80)
    expect(linearToUlaw(-32768)).toBe(0x00)
    expect(linearToAlaw(32767)).toBe(0xaa)
    expect(linearToAlaw(-32768)).toBe(0x2a)
  })

  it('keeps the quantisation error within one step of the segment for every 16-bit sample', () => {
    for (const law of ['ulaw', 'alaw'] as G711Law[]) {
      const all = new Int16Array(65536)
      for (let i = 0; i < 65536; i++) all[i] = i - 32768
      const back = decodeG711(encodeG711(all, law), law)
      const wrong: number[] = []
      for (let i = 0; i < 65536; i++) {
        const x = all[i]!
        // A segment's step is 1/16 to 1/32 of its values (16 at the smallest); beyond the top level, clipping.
        const step = Math.max(16, Math.abs(x) / 8)
        const top = law === 'ulaw' ? 32124 : 32256
        if (Math.abs(back[i]! - x) > step + Math.max(0, Math.abs(x) - top)) wrong.push(x)
      }
      expect(wrong, law).toEqual([])
    }
  })
})

describe('telephone band-limiting', () => {
  it('passes speech band tones and removes what would fold back below 4 kHz', () => {
    const pass = decimate(tone(1000, 16000, 0.5), 16000, 2)
    expect(pass.length).toBe(4000)
    expect(rms(pass, 200, 3800) / (12000 / Math.SQRT2)).toBeGreaterThan(0.97)
    // 5 kHz at 16 kHz would alias to 3 kHz at 8 kHz without the filter.
    const stop = decimate(tone(5000, 16000, 0.5), 16000, 2)
    expect(rms(stop, 200, 3800) / (12000 / Math.SQRT2)).toBeLessThan(0.001)
    // At the band edge the filter is at about half amplitude, well below it nearly flat.
    const edge = decimate(tone(3400, 16000, 0.5), 16000, 2)
    expect(rms(edge, 200, 3800) / (12000 / Math.SQRT2)).toBeGreaterThan(0.3)
  })

  it('streams in pieces of any size exactly as in one piece', () => {
    const input = tone(440, 16000, 0.3)
    const whole = encodeTelephony(input, { codec: 'ulaw', sampleRate: 8000, wav: false })
    const encoder = createTelephonyEncoder({ codec: 'ulaw', sampleRate: 8000, wav: false })
    const parts: Uint8Array[] = []
    for (let at = 0; at < input.length; at += 333) parts.push(encoder.encode(input.subarray(at, at + 333)))
    parts.push(encoder.finish())
    expect(concatBytes(parts)).toEqual(whole)
    expect(whole.length).toBe(2400)
  })
})

describe('telephony files', () => {
  it('writes a 58-byte G.711 WAV header with the fact chunk (tag 7 μ-law, 6 A-law)', () => {
    const input = tone(440, 16000, 0.25)
    for (const [law, tag] of [
      ['ulaw', 7],
      ['alaw', 6],
    ] as const) {
      const file = encodeTelephony(input, { codec: law, sampleRate: 8000, wav: true })
      const view = new DataView(file.buffer, file.byteOffset, file.byteLength)
      const ascii = (at: number) => String.fromCharCode(...file.subarray(at, at + 4))
      expect([ascii(0), ascii(8), ascii(12), ascii(38), ascii(50)]).toEqual([
        'RIFF',
        'WAVE',
        'fmt ',
        'fact',
        'data',
      ])
      expect(view.getUint32(4, true)).toBe(file.length - 8)
      expect(view.getUint32(16, true)).toBe(18)
      expect(view.getUint16(20, true)).toBe(tag)
      expect(view.getUint32(24, true)).toBe(8000)
      expect(view.getUint32(28, true)).toBe(8000)
      expect(view.getUint16(32, true)).toBe(1)
      expect(view.getUint16(34, true)).toBe(8)
      expect(view.getUint32(46, true)).toBe(2000)
      expect(view.getUint32(54, true)).toBe(2000)
      expect(file.length).toBe(58 + 2000)
    }
  })

  it('transcodes a streamed 16 kHz WAV cut at odd byte offsets', () => {
    const input = tone(300, 16000, 0.2)
    const wav = concatBytes([wavHeader(16000, undefined), new Uint8Array(input.buffer)])
    const t = createWavTranscoder({ codec: 'pcm', sampleRate: 16000, wav: false })
    const parts: Uint8Array[] = []
    for (let at = 0; at < wav.length; at += 101) parts.push(t.push(wav.subarray(at, at + 101)))
    parts.push(t.finish())
    expect(concatBytes(parts)).toEqual(new Uint8Array(input.buffer))
  })
})

const hasFfmpeg = spawnSync('ffmpeg', ['-version']).status === 0
if (!hasFfmpeg)
  console.warn(
    '\n!!! SKIPPED: G.711 decoding by ffmpeg — ffmpeg is not installed (apt-get install ffmpeg) !!!\n',
  )

describe.skipIf(!hasFfmpeg)('ffmpeg reads the telephony outputs', () => {
  const dir = mkdtempSync(join(tmpdir(), 'loa-g711-'))
  afterAll(() => rmSync(dir, { recursive: true, force: true }))
  const decode = (input: string[], file: Uint8Array): Int16Array => {
    const path = join(dir, `in-${Math.random().toString(36).slice(2)}`)
    writeFileSync(path, file)
    const out = execFileSync(
      'ffmpeg',
      ['-v', 'error', ...input, '-i', path, '-f', 's16le', '-ac', '1', '-'],
      {
        maxBuffer: 64 * 1024 * 1024,
      },
    )
    return new Int16Array(out.buffer, out.byteOffset, out.byteLength / 2)
  }
  const probe = (file: Uint8Array) => {
    const path = join(dir, `probe-${Math.random().toString(36).slice(2)}.wav`)
    writeFileSync(path, file)
    const json = execFileSync('ffprobe', ['-v', 'error', '-show_streams', '-of', 'json', path]).toString()
    return (JSON.parse(json) as { streams: { codec_name: string; sample_rate: string }[] }).streams[0]!
  }

  it('decodes every code to the same level as ours (raw μ-law and A-law at 8 kHz)', () => {
    const codes = Uint8Array.from({ length: 256 }, (_, i) => i)
    expect(Array.from(decode(['-f', 'mulaw', '-ar', '8000'], codes))).toEqual(
      Array.from(decodeG711(codes, 'ulaw')),
    )
    expect(Array.from(decode(['-f', 'alaw', '-ar', '8000'], codes))).toEqual(
      Array.from(decodeG711(codes, 'alaw')),
    )
  })

  it('reads the WAV-wrapped files as 8 kHz pcm_mulaw / pcm_alaw of the right length', () => {
    const input = tone(700, 16000, 0.5)
    for (const law of ['ulaw', 'alaw'] as const) {
      const file = encodeTelephony(input, { codec: law, sampleRate: 8000, wav: true })
      const stream = probe(file)
      expect(stream.codec_name).toBe(law === 'ulaw' ? 'pcm_mulaw' : 'pcm_alaw')
      expect(stream.sample_rate).toBe('8000')
      const pcm = decode([], file)
      expect(pcm.length).toBe(4000)
      expect(rms(pcm, 200, 3800) / (12000 / Math.SQRT2)).toBeGreaterThan(0.95)
    }
    const wav8 = encodeTelephony(input, { codec: 'pcm', sampleRate: 8000, wav: true })
    expect(probe(wav8)).toMatchObject({ codec_name: 'pcm_s16le', sample_rate: '8000' })
  })

  it('encodes within one quantisation step of ffmpeg’s own G.711 encoder', () => {
    const input = tone(450, 8000, 0.5, 20000)
    for (const law of ['ulaw', 'alaw'] as const) {
      const path = join(dir, `ref-${law}.raw`)
      writeFileSync(path, new Uint8Array(input.buffer))
      const ref = execFileSync('ffmpeg', [
        '-v',
        'error',
        '-f',
        's16le',
        '-ar',
        '8000',
        '-ac',
        '1',
        '-i',
        path,
        '-c:a',
        law === 'ulaw' ? 'pcm_mulaw' : 'pcm_alaw',
        '-f',
        law === 'ulaw' ? 'mulaw' : 'alaw',
        '-',
      ])
      const ours = decodeG711(encodeG711(input, law), law)
      const theirs = decodeG711(new Uint8Array(ref), law)
      expect(theirs.length).toBe(ours.length)
      for (let i = 0; i < ours.length; i++)
        expect(Math.abs(ours[i]! - theirs[i]!)).toBeLessThanOrEqual(Math.max(16, Math.abs(theirs[i]!) / 15))
    }
    expect(readFileSync(join(dir, 'ref-ulaw.raw')).length).toBe(8000)
  })
})

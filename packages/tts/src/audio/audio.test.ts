import { describe, expect, it } from 'vitest'
import { rms, sine, zeroCrossingFrequency } from '../../test/audio-checks.ts'
import { normalizeVolume, peakOf, speechBounds } from './levels.ts'
import { resample } from './resample.ts'
import { timeStretch } from './time-stretch.ts'
import { parseWav, wavHeader } from './wav.ts'

describe('audio helpers', () => {
  it('writes and reads a RIFF/WAVE header', () => {
    const pcm = sine(440, 16000, 0.1)
    const bytes = new Uint8Array(44 + pcm.length * 2)
    bytes.set(wavHeader(16000, pcm.length * 2))
    new Int16Array(bytes.buffer, 44).set(pcm)
    const wav = parseWav(bytes)
    expect(wav).toMatchObject({ sampleRate: 16000, channels: 1, bitsPerSample: 16 })
    expect(Array.from(wav.pcm)).toEqual(Array.from(pcm))
    expect(new TextDecoder().decode(bytes.subarray(0, 4))).toBe('RIFF')
    expect(new DataView(bytes.buffer).getUint32(40, true)).toBe(pcm.length * 2)
  })

  it.each([8000, 16000, 44100, 48000])('resamples 22050 Hz to %i Hz keeping pitch and level', (to) => {
    const input = sine(440, 22050, 1)
    const out = resample(input, 22050, to)
    expect(out.length).toBe(Math.round(to))
    expect(zeroCrossingFrequency(out, to)).toBeCloseTo(440, -1)
    expect(rms(out, 200, out.length - 200) / rms(input)).toBeGreaterThan(0.95)
    expect(rms(out, 200, out.length - 200) / rms(input)).toBeLessThan(1.05)
  })

  it('removes content above the new Nyquist frequency when downsampling', () => {
    const out = resample(sine(6000, 22050, 0.5), 22050, 8000)
    expect(rms(out, 100, out.length - 100)).toBeLessThan(300)
  })

  it('stretches time without changing pitch', () => {
    const input = sine(300, 22050, 1)
    const out = timeStretch(input, 22050, 1.8)
    expect(out.length).toBe(Math.round(22050 * 1.8))
    expect(zeroCrossingFrequency(out.subarray(1000, out.length - 1000), 22050)).toBeCloseTo(300, -1)
  })

  it('normalizes quiet and loud speech to the same level without clipping', () => {
    const quiet = sine(200, 22050, 0.5, 800)
    const loud = sine(200, 22050, 0.5, 30000)
    normalizeVolume(quiet, 22050)
    normalizeVolume(loud, 22050)
    expect(Math.abs(rms(quiet) - rms(loud))).toBeLessThan(rms(loud) * 0.02)
    expect(peakOf(loud)).toBeLessThan(32767)
  })

  it('finds the speech inside leading and trailing silence', () => {
    const pcm = new Int16Array(22050)
    pcm.set(sine(200, 22050, 0.2), 11025)
    const bounds = speechBounds(pcm, 22050)!
    expect(bounds.start).toBeGreaterThan(10000)
    expect(bounds.end).toBeLessThan(11025 + 4410 + 500)
    expect(speechBounds(new Int16Array(100), 22050)).toBeUndefined()
  })
})

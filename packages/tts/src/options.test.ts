import { describe, expect, it } from 'vitest'
import { TtsError } from './errors.ts'
import { effectiveBitrate, resolveOptions } from './options.ts'

const code = (fn: () => unknown): string | undefined => {
  try {
    fn()
  } catch (error) {
    return error instanceof TtsError ? error.code : 'other'
  }
  return undefined
}

describe('resolveOptions', () => {
  it('fills Vbee-like defaults', () => {
    const o = resolveOptions({ voice: 'v' })
    expect(o).toMatchObject({
      format: 'mp3',
      speed: 1,
      bitrate: 128,
      sampleRate: 22050,
      normalizeVolume: true,
    })
    expect(o.pauses).toEqual({ sentenceMs: 450, majorMs: 300, mediumMs: 250, paragraphMs: 600 })
  })

  it.each([
    { speed: 0.2 },
    { speed: 2 },
    { speed: Number.NaN },
    { bitrate: 4 },
    { bitrate: 192 },
    { sampleRate: 7999 },
    { sampleRate: 48001 },
    { sampleRate: 22050.5, format: 'wav' as const },
    { sampleRate: 20000 },
    { pauses: { sentenceMs: -1 } },
    { pauses: { paragraphMs: 20_000 } },
    { format: 'ogg' as 'mp3' },
    { engine: 'piper' as 'auto' },
  ])('rejects %o with TTS_INVALID_OPTION', (bad) => {
    expect(code(() => resolveOptions({ voice: 'v', ...bad }))).toBe('TTS_INVALID_OPTION')
  })

  it('accepts the edges of every range', () => {
    expect(
      code(() => resolveOptions({ voice: 'v', speed: 0.25, bitrate: 8, sampleRate: 8000 })),
    ).toBeUndefined()
    expect(
      code(() => resolveOptions({ voice: 'v', speed: 1.9, bitrate: 160, sampleRate: 48000 })),
    ).toBeUndefined()
    expect(code(() => resolveOptions({ voice: 'v', format: 'wav', sampleRate: 20000 }))).toBeUndefined()
  })

  it('snaps the bitrate to what MPEG allows at the sample rate', () => {
    expect(effectiveBitrate(8, 44100)).toBe(32)
    expect(effectiveBitrate(8, 16000)).toBe(8)
    expect(effectiveBitrate(150, 22050)).toBe(160)
    expect(effectiveBitrate(56, 48000)).toBe(48)
    expect(resolveOptions({ voice: 'v', bitrate: 8, sampleRate: 48000 }).bitrate).toBe(32)
  })
})

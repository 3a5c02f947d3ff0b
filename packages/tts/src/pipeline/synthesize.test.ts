import { afterAll, describe, expect, it } from 'vitest'
import { voicedShare } from '../../test/audio-checks.ts'
import { readMp3Info } from '../audio/mp3-info.ts'
import { parseWav } from '../audio/wav.ts'
import { createMemoryCache } from '../cache/sentence-cache.ts'
import { TtsError } from '../errors.ts'
import { toSrt, toVtt } from '../timeline/subtitles.ts'
import { createSynthesisPool } from '../worker/pool.ts'
import { synthesize, synthesizeStream } from './synthesize.ts'
import type { SynthesisRequest } from './types.ts'

const pool = createSynthesisPool({ size: 2 })
afterAll(() => pool.close())

const TEXT =
  'Xin chào, tôi là trợ lý giọng nói tiếng Việt. Hôm nay là ngày 21/11/2026.\n\n' +
  'Giá vé là 150.000đ; chương trình bắt đầu lúc 8h30.'
const base = { voice: 'vi-north-female-mai', pool, cache: false as const }

const errorCode = async (req: SynthesisRequest): Promise<string | undefined> => {
  try {
    await synthesize(req)
  } catch (error) {
    return error instanceof TtsError ? error.code : `other: ${String(error)}`
  }
  return undefined
}

describe('synthesize', () => {
  it('produces a valid MP3 whose frames last as long as the reported duration', async () => {
    const result = await synthesize({ ...base, text: TEXT, bitrate: 64 })
    expect(result.format).toBe('mp3')
    expect(result.mimeType).toBe('audio/mpeg')
    const info = readMp3Info(result.audio)
    expect(info.frames).toBeGreaterThan(100)
    expect(info.sampleRate).toBe(22050)
    expect(info.bitrate).toBe(64)
    expect(info.junkBytes).toBeLessThan(200)
    expect(Math.abs(info.durationMs - result.durationMs)).toBeLessThan(200)
    // About 40 spoken words at a newsreader's pace.
    expect(result.durationMs).toBeGreaterThan(5000)
    expect(result.durationMs).toBeLessThan(20000)
    expect(result.characters).toBe([...TEXT].length)
  })

  it('produces a WAV with a correct header, non-silent speech and the configured pauses', async () => {
    const result = await synthesize({
      ...base,
      text: TEXT,
      format: 'wav',
      sampleRate: 16000,
      pauses: { paragraphMs: 1500 },
    })
    const view = new DataView(result.audio.buffer)
    expect(view.getUint32(4, true)).toBe(result.audio.length - 8)
    expect(view.getUint32(40, true)).toBe(result.audio.length - 44)
    const wav = parseWav(result.audio)
    expect(wav.sampleRate).toBe(16000)
    expect((wav.pcm.length / 16000) * 1000).toBeCloseTo(result.durationMs, -1)
    expect(voicedShare(wav.pcm, 16000)).toBeGreaterThan(0.4)
    const [s0, s1, s2] = result.timeline.sentences
    expect(s1!.startMs - s0!.endMs).toBeCloseTo(450, -1)
    expect(s2!.startMs - s1!.endMs).toBeCloseTo(1500, -1)
    // The paragraph pause is silent.
    const from = Math.round((s1!.endMs / 1000) * 16000) + 100
    const to = Math.round((s2!.startMs / 1000) * 16000) - 100
    expect(voicedShare(wav.pcm.subarray(from, to), 16000)).toBe(0)
  })

  it('returns a timeline mapping words back to the typed text, exportable as SRT and VTT', async () => {
    const result = await synthesize({ ...base, text: TEXT, format: 'wav' })
    const { sentences, words } = result.timeline
    expect(sentences).toHaveLength(3)
    expect(sentences[0]!.source).toBe('Xin chào, tôi là trợ lý giọng nói tiếng Việt.')
    expect(sentences[1]!.source).toContain('21/11/2026')
    expect(words.length).toBeGreaterThan(25)
    for (let i = 1; i < words.length; i++)
      expect(words[i]!.startMs).toBeGreaterThanOrEqual(words[i - 1]!.startMs)
    expect(TEXT.slice(words[1]!.srcStart, words[1]!.srcEnd)).toBe('chào')
    // Words read from "21/11/2026" all point into the date.
    const dateWords = words.filter((w) => w.sentence === 1 && w.srcStart >= TEXT.indexOf('21/11'))
    expect(dateWords.length).toBeGreaterThan(3)
    for (const w of dateWords) expect(TEXT.slice(w.srcStart, w.srcEnd)).toMatch(/^[\d/]+$/)
    const srt = toSrt(result.timeline)
    expect(srt).toMatch(
      /^1\n00:00:00,000 --> 00:00:0\d,\d{3}\nXin chào, tôi là trợ lý giọng nói tiếng Việt\.\n/,
    )
    expect(srt.split('\n\n')).toHaveLength(3)
    const vtt = toVtt(result.timeline, { by: 'word' })
    expect(vtt.startsWith('WEBVTT\n\n00:00:00.')).toBe(true)
    expect(vtt.match(/-->/g)).toHaveLength(words.length)
  })

  it('speaks faster and slower with the speed option', async () => {
    const text = 'Một hai ba bốn năm sáu bảy tám chín mười.'
    const durations = []
    for (const speed of [0.25, 0.5, 1, 1.9]) {
      durations.push((await synthesize({ ...base, text, speed, format: 'wav' })).durationMs)
    }
    expect(durations[0]! / durations[2]!).toBeGreaterThan(2.5)
    expect(durations[1]! / durations[2]!).toBeGreaterThan(1.5)
    expect(durations[3]! / durations[2]!).toBeLessThan(0.75)
  })

  it('serves repeated sentences from the sentence cache with identical audio', async () => {
    const cache = createMemoryCache()
    const first = await synthesize({ ...base, cache, text: TEXT, format: 'wav' })
    const second = await synthesize({ ...base, cache, text: TEXT, format: 'wav' })
    expect(first.cacheHits).toBe(0)
    expect(second.cacheHits).toBe(3)
    expect(Buffer.compare(Buffer.from(first.audio), Buffer.from(second.audio))).toBe(0)
    const otherVoice = await synthesize({
      ...base,
      cache,
      text: TEXT,
      format: 'wav',
      voice: 'vi-south-male-kien',
    })
    expect(otherVoice.cacheHits).toBe(0)
  })

  it('reports progress and can be cancelled', async () => {
    const seen: number[] = []
    await synthesize({ ...base, text: TEXT, onProgress: (p) => seen.push(p.ratio) })
    expect(seen).toHaveLength(3)
    expect(seen[2]).toBe(1)
    expect([...seen].sort()).toEqual(seen)
    const controller = new AbortController()
    const long = 'Đây là một câu khá dài để thử việc huỷ giữa chừng. '.repeat(60)
    const job = synthesize({
      ...base,
      text: long,
      signal: controller.signal,
      onProgress: (p) => p.sentencesDone === 2 && controller.abort(),
    })
    await expect(job).rejects.toMatchObject({ code: 'TTS_ABORTED' })
  })

  it('streams: the first chunk arrives before the whole text is rendered', async () => {
    const text = 'Câu mở đầu ngắn. ' + 'Sau đó là rất nhiều câu khác nối tiếp nhau. '.repeat(30)
    const stream = synthesizeStream({ ...base, text, bitrate: 32 })
    let sentencesAtFirstChunk = -1
    let progress = 0
    const chunks: Uint8Array[] = []
    const s2 = synthesizeStream({
      ...base,
      text,
      bitrate: 32,
      onProgress: (p) => (progress = p.sentencesDone),
    })
    for await (const chunk of s2) {
      if (sentencesAtFirstChunk < 0) sentencesAtFirstChunk = progress
      chunks.push(chunk)
    }
    expect(sentencesAtFirstChunk).toBeLessThan(10)
    const summary = await s2.summary
    const audio = Buffer.concat(chunks)
    expect(Math.abs(readMp3Info(audio).durationMs - summary.durationMs)).toBeLessThan(200)
    expect(summary.timeline.sentences).toHaveLength(31)
    // An unused stream does nothing.
    expect(stream.summary).toBeInstanceOf(Promise)
  })

  it('streams MP3: the first chunk is the first half second of the first sentence, in whole frames', async () => {
    const text =
      'Bản tin sáng ngày 21/11/2026, phát lúc sáu giờ. Chào mừng quý vị. ' + 'Câu tiếp theo. '.repeat(20)
    for (const engine of ['auto', 'espeak-wasm'] as const) {
      const chunks: Uint8Array[] = []
      const stream = synthesizeStream({ ...base, text, bitrate: 64, engine })
      for await (const chunk of stream) chunks.push(chunk)
      const summary = await stream.summary
      const first = readMp3Info(chunks[0]!)
      expect(first.junkBytes).toBe(0)
      // 0.5 s of audio, less what LAME still holds back (its look-ahead).
      expect(first.durationMs).toBeGreaterThan(300)
      expect(first.durationMs).toBeLessThanOrEqual(550)
      expect(summary.timeline.sentences[0]!.endMs).toBeGreaterThan(1500)
      for (const chunk of chunks) expect(readMp3Info(chunk).junkBytes).toBe(0)
      // Together, one valid stream as long as the timeline says.
      const audio = Buffer.concat(chunks)
      expect(readMp3Info(audio).junkBytes).toBe(0)
      expect(Math.abs(readMp3Info(audio).durationMs - summary.durationMs)).toBeLessThan(1)
    }
  })

  it('a one-thread pool reads text whose first chunk holds nothing to read', async () => {
    const single = createSynthesisPool({ size: 1 })
    try {
      const text = '😀 🎉 '.repeat(80) + 'Xin chào các bạn. ' + 'Đây là câu thứ hai của đoạn. '.repeat(12)
      const result = await synthesize({ ...base, pool: single, text, format: 'wav' })
      expect(result.timeline.sentences).toHaveLength(13)
      expect(result.timeline.sentences[0]!.source).toBe('Xin chào các bạn.')
      expect(voicedShare(parseWav(result.audio).pcm, result.sampleRate)).toBeGreaterThan(0.3)
    } finally {
      await single.close()
    }
  })

  it('streams WAV with a streaming header', async () => {
    const chunks: Uint8Array[] = []
    for await (const c of synthesizeStream({ ...base, text: 'Xin chào.', format: 'wav' })) chunks.push(c)
    const audio = Buffer.concat(chunks)
    expect(audio.subarray(0, 4).toString()).toBe('RIFF')
    expect(parseWav(audio).pcm.length).toBe((audio.length - 44) / 2)
  })
})

describe('bad input', () => {
  it.each([
    [{ text: '' }, 'TTS_EMPTY_TEXT'],
    [{ text: '   \n\t ' }, 'TTS_EMPTY_TEXT'],
    [{ text: '😀🎉 !!! ...' }, 'TTS_EMPTY_TEXT'],
    [{ text: 'Xin chào', voice: 'vi-mars-robot' }, 'TTS_UNKNOWN_VOICE'],
    [{ text: 'Xin chào', speed: 3 }, 'TTS_INVALID_OPTION'],
    [{ text: 'Xin chào', bitrate: 320 }, 'TTS_INVALID_OPTION'],
    [{ text: 'Xin chào', sampleRate: 96000 }, 'TTS_INVALID_OPTION'],
    [{ text: 'a'.repeat(1_000_000) }, 'TTS_TEXT_TOO_LONG'],
  ])('%# rejects with a stable code', async (req, code) => {
    expect(await errorCode({ ...base, ...req })).toBe(code)
  })

  it.each([
    'Chào 😀 bạn 👋🏽 nhé.',
    'Ký tự\u0000điều\u0007khiển\u001b[31m vẫn đọc được.',
    'Tiếng Việt, English, Русский, 中文 và العربية.',
    '<p>Thẻ <b>lạ</b> và <break time="abc"/> thời gian sai.</p>',
    'Không có dấu câu cuối',
  ])('reads %j instead of failing or staying silent', async (text) => {
    const result = await synthesize({ ...base, text, format: 'wav' })
    const wav = parseWav(result.audio)
    expect(voicedShare(wav.pcm, wav.sampleRate)).toBeGreaterThan(0.3)
    expect(result.timeline.words.length).toBeGreaterThan(1)
  })
})

import { readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { DubbingError } from '../errors.ts'
import { readAssText } from './ass.ts'
import { parseSubtitles } from './parse.ts'
import { speechText } from './text.ts'

/** Subtitle files as people have them (the golden JSON of each is checked by parse.test.ts). */
const golden = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../golden')
const read = (name: string): Buffer => readFileSync(path.join(golden, name))
const noticeAt = (name: string, options = {}) =>
  parseSubtitles(read(name), options).notices.map((n) => `${n.line}/${n.cue} ${n.code}`)

describe('subtitles people really have', () => {
  it('never speaks ASS drawings or typesetting; strips override tags; merges duplicate layers', () => {
    const { cues } = parseSubtitles(read('typesetting.ass'))
    expect(cues.map((c) => speechText(c.text, c.speaker))).toEqual([
      'Anh đi đâu thế?',
      'Đi chợ, em ạ. Mua ít rau.',
      'Hẹn gặp lại, mai nhé.',
    ])
    expect(noticeAt('typesetting.ass')).toEqual([
      '18/1 DUBBING_TYPESETTING_SKIPPED',
      '19/2 DUBBING_TYPESETTING_SKIPPED',
      '20/3 DUBBING_TYPESETTING_SKIPPED',
      '22/5 DUBBING_DUPLICATE_CUE_MERGED',
      '24/7 DUBBING_TYPESETTING_SKIPPED',
      '25/8 DUBBING_TYPESETTING_SKIPPED',
      '26/9 DUBBING_TYPESETTING_SKIPPED',
    ])
  })

  it('takes the typesetting rule of the project', () => {
    const none = { typesetting: { styles: [], positioned: false } }
    const speech = parseSubtitles(read('typesetting.ass'), none).cues.map((c) => speechText(c.text))
    expect(speech).toContain('CHỢ BẾN THÀNH')
    expect(speech).toContain('Bảng hiệu di động')
    // A drawing is never speech, whatever the rule.
    expect(speech.some((s) => /\d \d/.test(s))).toBe(false)
    const signsOnly = { typesetting: { styles: ['sign'], positioned: false } }
    const kept = parseSubtitles(read('typesetting.ass'), signsOnly).cues.map((c) => speechText(c.text))
    expect(kept).toContain('Tập 1: Khởi đầu')
    expect(kept).not.toContain('CHỢ BẾN THÀNH')
  })

  it('drops only the drawing of a 1 MB drawing event', () => {
    const drawing = `{\\p1}${'l 100 200 '.repeat(100_000)}{\\p0}Chào`
    expect(readAssText(drawing)).toEqual({ text: 'Chào', positioned: false, drawing: true })
  })

  it('skips music-only, emoji-only, sound-tag and zero-length cues with their line and cue number', () => {
    const { cues } = parseSubtitles(read('music-and-empty.srt'))
    expect(cues.map((c) => speechText(c.text))).toEqual([
      'Lá la lá la',
      'Chào bạn hôm nay thế nào?',
      'Cảm ơn mọi người.',
    ])
    expect(noticeAt('music-and-empty.srt')).toEqual([
      '2/1 DUBBING_UNSPEAKABLE_CUE_SKIPPED',
      '6/2 DUBBING_UNSPEAKABLE_CUE_SKIPPED',
      '10/3 DUBBING_UNSPEAKABLE_CUE_SKIPPED',
      '18/5 DUBBING_ZERO_LENGTH_CUE_SKIPPED',
      '22/6 DUBBING_UNSPEAKABLE_CUE_SKIPPED',
      '30/8 DUBBING_UNSPEAKABLE_CUE_SKIPPED',
      '38/10 DUBBING_DUPLICATE_CUE_MERGED',
    ])
    expect(noticeAt('whisper.vtt')).toEqual([
      '9/3 DUBBING_ZERO_LENGTH_CUE_SKIPPED',
      '12/4 DUBBING_UNSPEAKABLE_CUE_SKIPPED',
      '15/5 DUBBING_UNSPEAKABLE_CUE_SKIPPED',
    ])
  })

  it('takes a "NAME:" prefix for a speaker only when it looks like one, never a credit line', () => {
    const { cues } = parseSubtitles(read('credits.srt'))
    expect(cues.map((c) => c.speaker ?? '-')).toEqual(['-', '-', 'Lan', 'Minh', 'Lan', '-', 'Minh'])
    expect(speechText(cues[0]!.text, cues[0]!.speaker)).toBe('BIÊN DỊCH: NGUYỄN VĂN A')
    expect(speechText(cues[5]!.text, cues[5]!.speaker)).toBe('Lưu ý: giờ đóng cửa là chín giờ.')
    expect(noticeAt('credits.srt')).toEqual(['2/1 DUBBING_CREDIT_LINE'])
    // A short all-capitals reply is speech, not a credit.
    const shout =
      '1\n00:00:01,000 --> 00:00:02,000\nMINH: Ừ!\n\n2\n00:00:03,000 --> 00:00:04,000\nMINH: Đi thôi.\n'
    expect(parseSubtitles(shout).cues.map((c) => c.speaker)).toEqual(['Minh', 'Minh'])
    // Seen once, "MC:" names a speaker only when the project lists it.
    const mc = parseSubtitles('1\n00:00:01,000 --> 00:00:02,000\nMC: Xin chào.\n', { speakers: ['MC'] })
    expect(mc.cues[0]!.speaker).toBe('Mc')
    expect(parseSubtitles('1\n00:00:01,000 --> 00:00:02,000\nMC: Xin chào.\n').cues[0]!.speaker).toBe(
      undefined,
    )
  })

  it('reads broadcast SRT with a BOM, CRLF and font tags like plain text', () => {
    const crlf = parseSubtitles(read('broadcast-crlf.srt'))
    const plain = parseSubtitles(
      read('broadcast-crlf.srt')
        .toString('utf8')
        .replace(/^\uFEFF/, '')
        .replace(/\r/g, ''),
    )
    expect(crlf).toEqual(plain)
    expect(crlf.cues.map((c) => speechText(c.text))).toEqual([
      'Xin chào quý vị khán giả.',
      'Bản tin hôm nay',
      'Trời nắng đẹp.',
    ])
    expect(crlf.cues.map((c) => c.line)).toEqual([2, 7, 11])
  })

  it('gives the file line and the cue number of an error', () => {
    try {
      parseSubtitles('1\n00:00:01,000 --> 00:00:02,000\nA\n\n2\n00:00:05,000 --> 00:00:04,000\nB\n')
      expect.unreachable()
    } catch (error) {
      expect(error).toBeInstanceOf(DubbingError)
      expect((error as DubbingError).message).toBe('line 6 (cue 2): the cue ends before it starts')
      expect((error as DubbingError).cue).toBe(2)
    }
  })
})

import { describe, expect, it } from 'vitest'
import { DEFAULT_PAUSES } from '../options.ts'
import { parseBreakTag } from './break-tag.ts'
import { MAX_UNIT_LENGTH, segmentText, type PauseSegment, type SpeechSegment } from './segmenter.ts'

const P = { sentenceMs: 450, majorMs: 300, mediumMs: 250, paragraphMs: 600 }
const speech = (text: string): SpeechSegment[] =>
  segmentText(text, P).segments.filter((s): s is SpeechSegment => s.kind === 'speech')
const pauses = (text: string): PauseSegment[] =>
  segmentText(text, P).segments.filter((s): s is PauseSegment => s.kind === 'pause')

describe('segmentText', () => {
  it('splits paragraphs and sentences with the configured pauses, none at the end', () => {
    const text = 'Câu một. Câu hai!\n\nĐoạn hai, câu ba?'
    const { segments } = segmentText(text, P)
    expect(segments.map((s) => (s.kind === 'speech' ? s.text : `${s.reason}:${s.ms}`))).toEqual([
      'Câu một.',
      'sentence:450',
      'Câu hai!',
      'paragraph:600',
      'Đoạn hai, câu ba?',
    ])
    const units = speech(text)
    expect(units.map((u) => u.paragraph)).toEqual([0, 0, 1])
    for (const u of units) expect(text.slice(u.offset, u.offset + u.text.length)).toBe(u.text)
  })

  it('marks clause pauses after commas (medium) and semicolons/colons (major)', () => {
    const [unit] = speech('Thứ nhất, thứ hai; thứ ba: hết.')
    expect(unit!.clausePauses).toEqual([
      { offset: 9, ms: 250 },
      { offset: 18, ms: 300 },
      { offset: 26, ms: 300 },
    ])
  })

  it('turns an inline break into a pause that replaces the automatic one', () => {
    const text = 'Xin chào <break time="700ms"/> các bạn. Hẹn gặp lại.<break time="1.5s"/> Tạm biệt.'
    expect(speech(text).map((u) => u.text)).toEqual(['Xin chào', 'các bạn.', 'Hẹn gặp lại.', 'Tạm biệt.'])
    expect(pauses(text).map((p) => [p.reason, p.ms])).toEqual([
      ['break', 700],
      ['sentence', 450],
      ['break', 1500],
    ])
  })

  it('reads malformed break times sensibly and clamps huge ones', () => {
    expect(parseBreakTag('<break time="abc"/>', 250)).toBe(250)
    expect(parseBreakTag('<break/>', 250)).toBe(250)
    expect(parseBreakTag('<break time="-5ms"/>', 250)).toBe(250)
    expect(parseBreakTag("<break time='2s'>", 250)).toBe(2000)
    expect(parseBreakTag('<break time="999999s"/>', 250)).toBe(10_000)
    expect(parseBreakTag('<break strength="strong"/>', 250)).toBe(700)
  })

  it('ignores other tags, emoji and control characters, keeping offsets', () => {
    const text = '<b>Xin</b> chào 😀\u0007 bạn <script>x</script>.'
    const units = speech(text)
    expect(units).toHaveLength(1)
    expect(units[0]!.text.replace(/\s+/g, ' ')).toBe('Xin chào bạn x .')
    expect(units[0]!.offset).toBe(3)
  })

  it('drops units with nothing speakable and reports none for symbol-only text', () => {
    expect(segmentText('😀 🎉 ... !!!', P).speechCount).toBe(0)
    expect(speech('Chào. 😀. Bạn.').map((u) => u.text)).toEqual(['Chào.', 'Bạn.'])
  })

  it('caps very long sentences at a clause or a space', () => {
    const long = Array.from({ length: 120 }, (_, i) => `từ${i}`).join(' ') + ', ' + 'cuối câu '.repeat(40)
    const units = speech(long)
    expect(units.length).toBeGreaterThan(1)
    for (const u of units) expect(u.text.length).toBeLessThanOrEqual(MAX_UNIT_LENGTH)
    expect(
      units
        .map((u) => u.text)
        .join(' ')
        .replace(/\s+/g, ' '),
    ).toBe(long.trim().replace(/\s+/g, ' '))
  })

  it('treats single line breaks as sentence ends', () => {
    expect(speech('Tiêu đề\nNội dung bài').map((u) => u.text)).toEqual(['Tiêu đề', 'Nội dung bài'])
  })

  it('uses the default pause settings when given', () => {
    const ps = segmentText('A. B.', DEFAULT_PAUSES).segments.filter((s) => s.kind === 'pause')
    expect(ps).toEqual([{ kind: 'pause', ms: 450, reason: 'sentence' }])
  })
})

import { describe, expect, it } from 'vitest'
import { exportText, youtubeCues } from './youtube.ts'

describe('subtitles out for YouTube', () => {
  it('drops styling and the speaker prefix unless asked', () => {
    expect(exportText('LAN: <i>Xin chào</i> {\\an8}các bạn.', 'Lan')).toBe('Xin chào các bạn.')
    expect(exportText('LAN: <i>Xin chào</i> các bạn.', 'Lan', true)).toBe('Lan: Xin chào các bạn.')
    expect(exportText('[Minh] Chào em.', 'Minh')).toBe('Chào em.')
  })

  it('keeps two lines of at most 42 characters and 1–7 s per cue, split at clause ends', () => {
    const long =
      'Hôm nay chúng ta sẽ cùng nhau tìm hiểu về lịch sử văn hóa của Việt Nam, qua những câu chuyện thú vị ' +
      'được kể lại từ nhiều thế hệ người dân. Mỗi vùng đất đều có món ăn riêng và những lễ hội riêng.'
    const out = youtubeCues([
      { startMs: 0, endMs: 16_000, text: long },
      { startMs: 16_500, endMs: 16_800, text: 'Vâng.' },
      { startMs: 20_000, endMs: 21_000, text: 'Hết.' },
    ])
    for (const c of out) {
      const lines = c.text.split('\n')
      expect(lines.length).toBeLessThanOrEqual(2)
      for (const l of lines) expect([...l].length).toBeLessThanOrEqual(42)
      expect(c.endMs - c.startMs).toBeLessThanOrEqual(7000)
      expect(c.endMs - c.startMs).toBeGreaterThanOrEqual(1000)
    }
    // The long cue's pieces end at clause ends and share its 16 s.
    const first = out.filter((c) => c.endMs <= 16_000)
    expect(first.length).toBeGreaterThanOrEqual(3)
    expect(first[0]!.text.replace('\n', ' ')).toMatch(/Việt Nam,$/)
    expect(first.at(-1)!.endMs).toBe(16_000)
    expect(first.map((c) => c.text.replace(/\n/g, ' ')).join(' ')).toBe(long)
    // A 0.3 s cue lasts 1 s (into the silence after it).
    expect(out.find((c) => c.text === 'Vâng.')).toMatchObject({ startMs: 16_500, endMs: 17_500 })
    for (let i = 1; i < out.length; i++) expect(out[i]!.startMs).toBeGreaterThanOrEqual(out[i - 1]!.endMs)
  })
})

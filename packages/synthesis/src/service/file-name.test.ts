import { describe, expect, it } from 'vitest'
import { downloadBaseName } from './file-name.ts'

describe('download file names', () => {
  it.each([
    ['Bản tin ngày 23/11/2026', 'Bản tin ngày 23-11-2026'],
    ['Giá  vàng   hôm nay', 'Giá vàng hôm nay'],
    ['Hỏi: "AI" là gì?', "Hỏi - 'AI' là gì"],
    ['Họp lúc 10:30', 'Họp lúc 10-30'],
    ['a <b> c*', 'a b c'],
    ['Chương 1 / Chương 2', 'Chương 1 - Chương 2'],
    ['Kết thúc bằng dấu chấm...', 'Kết thúc bằng dấu chấm'],
    ['   ', 'req-1'],
    ['CON', 'req-1'],
    ['tab\there\nnewline', 'tab here newline'],
  ])('%s → %s', (title, expected) => {
    expect(downloadBaseName(title, 'req-1')).toBe(expected)
  })

  it('cuts a long title between words, keeping a date whole', () => {
    const title =
      'Thông cáo báo chí về kết quả kinh doanh quý ba của công ty ngày 23/11/2026 và kế hoạch năm tới'
    const name = downloadBaseName(title, 'x', 70)
    expect([...name].length).toBeLessThanOrEqual(70)
    expect(name).toBe('Thông cáo báo chí về kết quả kinh doanh quý ba của công ty ngày')
    expect(downloadBaseName(title, 'x', 80)).toContain('23-11-2026')
  })

  it('a single very long word is cut at the limit', () => {
    expect(downloadBaseName('a'.repeat(100), 'x', 10)).toBe('a'.repeat(10))
  })
})

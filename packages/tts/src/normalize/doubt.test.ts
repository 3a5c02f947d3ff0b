/** Readings a rule is not sure of carry a doubt mark in the source map; sure readings carry none. */
import { describe, expect, it } from 'vitest'
import { normalize } from './index.ts'

const doubts = (text: string) =>
  normalize(text)
    .spans.filter((s) => s.doubt)
    .map((s) => [s.source, s.doubt])

describe('doubt marks', () => {
  it('marks capitals not in the lexicon, codes and dates read from context', () => {
    expect(doubts('Ngân hàng HSBC và ASEAN')).toEqual([['HSBC', 'unknown-acronym']])
    expect(doubts('Đèn COPENHAGEN mới')).toEqual([['COPENHAGEN', 'capitalised-word']])
    expect(doubts('Chuyến bay VJ122 cất cánh')).toEqual([['VJ122', 'code']])
    expect(doubts('Tối 14.7, đoàn đến Hà Nội')).toEqual([['14.7', 'date-or-number']])
    // Abbreviations read by their most common meaning with no word around to confirm it.
    expect(doubts('Chi phí ĐT tăng, mã HS của hàng')).toEqual([
      ['ĐT', 'ambiguous-abbreviation'],
      ['HS', 'ambiguous-abbreviation'],
    ])
    // Two d/m that could be fractions, read as dates from "từ" alone.
    expect(doubts('Giảm từ 3/5 đến 4/5')).toEqual([
      ['3/5', 'date-or-number'],
      ['4/5', 'date-or-number'],
    ])
  })

  it('leaves sure readings unmarked', () => {
    expect(doubts('Ngày 14/7/2025 có 25 người, tỷ số 2-1, GDP tăng, ngày 21-11')).toEqual([])
    expect(doubts('Hà Nội mùa thu rất đẹp')).toEqual([])
    expect(doubts('ĐT Việt Nam thắng, ĐT: 0912345678, Cty CP Vinamilk, HS lớp 9, Đ/c Nguyễn Văn A')).toEqual(
      [],
    )
    expect(doubts('Từ ngày 1/4 đến 1/5 nghỉ, chiếm từ 1/4 đến 1/3 diện tích')).toEqual([])
  })
})

import { describe, expect, it } from 'vitest'
import type { PreviewSpan } from './api'
import { doubtfulReadings, readingGroups, trivialReading } from './reading'

const span = (kind: string, source: string, text: string): PreviewSpan =>
  ({
    kind,
    source,
    text,
    srcStart: 0,
    srcEnd: source.length,
    outStart: 0,
    outEnd: text.length,
  }) as PreviewSpan

describe('compact reading table', () => {
  it('hides rows read as written and small whole numbers, never dictionary rows', () => {
    expect(trivialReading(span('number', '10', 'mười'))).toBe(true)
    expect(trivialReading(span('abbreviation', 'đồng', 'đồng'))).toBe(true)
    expect(trivialReading(span('number', '2.877', 'hai nghìn tám trăm bảy mươi bảy'))).toBe(false)
    expect(trivialReading(span('decimal', '5,3', 'năm phẩy ba'))).toBe(false)
    expect(trivialReading(span('dictionary', 'AI', 'AI'))).toBe(false)
  })

  it('groups by kind (dictionary and dates first), each reading once', () => {
    const { groups, hidden } = readingGroups([
      span('number', '10', 'mười'),
      span('unit', 'km', 'ki lô mét'),
      span('date', '23/11/2026', 'ngày hai mươi ba tháng mười một năm hai nghìn không trăm hai mươi sáu'),
      span('unit', 'km', 'ki lô mét'),
      span('dictionary', 'Loa', 'lo a'),
      span('currency', '1.000.000đ', 'một triệu đồng'),
    ])
    expect(hidden).toBe(1)
    expect(groups.map((g) => g.kind)).toEqual(['dictionary', 'date', 'currency', 'unit'])
    expect(groups.find((g) => g.kind === 'unit')!.rows).toHaveLength(1)
  })
})

describe('readings to check first', () => {
  const at = (s: PreviewSpan, srcStart: number, doubt: PreviewSpan['doubt']): PreviewSpan => ({
    ...s,
    srcStart,
    srcEnd: srcStart + s.source.length,
    doubt,
  })

  it('lists the doubtful readings in the order of the text, each written form once', () => {
    const doubts = doubtfulReadings([
      at(span('acronym', 'VJ122', 'vê gi một trăm hai mươi hai'), 30, 'code'),
      at(span('acronym', 'HSBC', 'hát ét bê xê'), 10, 'unknown-acronym'),
      at(span('acronym', 'ASEAN', 'a xê an'), 20, null),
      at(span('acronym', 'HSBC', 'hát ét bê xê'), 40, 'unknown-acronym'),
      at(span('date', '14.7', 'mười bốn tháng bảy'), 50, 'date-or-number'),
      at(span('dictionary', 'HSBC', 'hờ ét bi xi'), 60, 'unknown-acronym'),
      at(span('number', '25', 'hai mươi lăm'), 0, undefined),
    ])
    expect(doubts.map((d) => [d.source, d.doubt])).toEqual([
      ['HSBC', 'unknown-acronym'],
      ['VJ122', 'code'],
      ['14.7', 'date-or-number'],
    ])
  })
})

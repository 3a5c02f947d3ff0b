/** The source map contract: ordered, disjoint spans whose slices match input and output exactly. */
import { describe, expect, it } from 'vitest'
import { normalize } from './index.ts'
import type { NormalizeResult } from './types.ts'

const SAMPLES = [
  'Giá 1.500.000đ, tăng 3,14% so với năm 2031.',
  'UBND TP.HCM họp lúc 8h30 ngày 21/11/2026 tại Q.3!',
  'Gọi 0912 345 678 hoặc email a.b_c@gmail.com… Xem https://vnexpress.net/abc.',
  'Đội tuyển thắng 2-1; tỷ lệ 2/3 (sơ đồ 4-4-2), thế kỷ XXI.',
  '<break time="500ms"/> Xin chào 😀 các bạn\n\nĐoạn mới <b>đậm</b>.',
  'Cafe\u0301 ho\u0300a 5km', // NFD input: offsets still point at what the user typed
  '',
  '   ',
]

function checkSpans(input: string, result: NormalizeResult): void {
  let lastSrc = 0
  let lastOut = 0
  for (const span of result.spans) {
    expect(span.source).toBe(input.slice(span.srcStart, span.srcEnd))
    expect(result.text.slice(span.outStart, span.outEnd)).toBe(span.text)
    expect(span.srcStart).toBeGreaterThanOrEqual(lastSrc)
    expect(span.outStart).toBeGreaterThanOrEqual(lastOut)
    expect(span.srcEnd).toBeGreaterThan(span.srcStart)
    lastSrc = span.srcEnd
    lastOut = span.outEnd
  }
  // Every spoken character of the output lies inside a span; outside them only spaces and punctuation.
  let uncovered = ''
  let cursor = 0
  for (const span of result.spans) {
    uncovered += result.text.slice(cursor, span.outStart)
    cursor = span.outEnd
  }
  uncovered += result.text.slice(cursor)
  expect(uncovered).toMatch(/^[\s\p{P}]*$/u)
}

describe('source map', () => {
  it.each(SAMPLES)('is exact for %j', (input) => {
    checkSpans(input, normalize(input))
  })

  it('labels fragments with their kind', () => {
    const { spans } = normalize('Giá 300k lúc 8h30 ngày 2/9, UBND và VTV.')
    const kinds = Object.fromEntries(spans.map((s) => [s.source, s.kind]))
    expect(kinds).toMatchObject({
      Giá: 'plain',
      '300k': 'number',
      '8h30': 'time',
      '2/9': 'date',
      UBND: 'abbreviation',
      VTV: 'acronym',
    })
  })

  it('maps NFD input back to the typed characters', () => {
    const input = 'ho\u0300a 5km'
    const { spans } = normalize(input)
    expect(spans.map((s) => s.source)).toEqual(['ho\u0300a', '5km'])
    expect(spans[0]?.text).toBe('hòa')
  })
})

describe('fuzzed input', () => {
  // Deterministic pseudo-random strings of tricky characters: never a throw, always a valid source map.
  const ALPHABET = [
    ...'0123456789.,:;/-–+%$€đ₫°²@_#&<>()"\' \n\taAzZđĐxXvViIhHgGkKmM\u0301😀\u200b…',
  ] as string[]
  let seed = 42
  const next = (): number => {
    seed = (seed * 1103515245 + 12345) % 2147483648
    return seed / 2147483648
  }
  const inputs = Array.from({ length: 300 }, () =>
    Array.from(
      { length: 1 + Math.floor(next() * 40) },
      () => ALPHABET[Math.floor(next() * ALPHABET.length)],
    ).join(''),
  )

  it('normalizes 300 random strings with exact spans', () => {
    for (const input of inputs) checkSpans(input, normalize(input))
  })
})

describe('breaks, tags and bad input', () => {
  it('keeps a valid break canonically and clamps it to 10 s', () => {
    const result = normalize('A<break time="1.5s"/>B <break time=\'20s\' /> C <break time="250ms">')
    expect(result.text).toBe('A <break time="1500ms"/> bê <break time="10000ms"/> xê <break time="250ms"/>')
    expect(result.spans.filter((s) => s.kind === 'break').map((s) => s.text)).toEqual([
      '<break time="1500ms"/>',
      '<break time="10000ms"/>',
      '<break time="250ms"/>',
    ])
  })

  it('removes malformed breaks and other tags from the speech', () => {
    expect(normalize('Xin <break time="soon"/>chào <b>bạn</b> <speak>nhé</speak>').text).toBe(
      'Xin chào bạn nhé',
    )
    expect(normalize('<break/>a').text).toBe('a')
  })

  it('drops emoji and control characters, keeps other scripts', () => {
    expect(normalize('Chào 😀👍🏽 bạn\u0007\u200b! 東京 Москва').text).toBe('Chào bạn! 東京 Москва')
  })

  it('keeps sentence punctuation, line and paragraph breaks, and ellipses as pauses', () => {
    expect(normalize('Một, hai; ba: bốn! Năm?\nSáu...\n\n\nBảy…').text).toBe(
      'Một, hai; ba: bốn! Năm?\nSáu…\n\nBảy…',
    )
  })

  it('returns empty output for empty or blank text', () => {
    expect(normalize('')).toEqual({ text: '', spans: [] })
    expect(normalize(' \n\t ')).toEqual({ text: '', spans: [] })
  })

  it('rejects non-string input and unknown regions with stable codes', () => {
    expect(() => normalize(42 as unknown as string)).toThrowError(
      expect.objectContaining({ code: 'NORMALIZE_INVALID_INPUT' }),
    )
    expect(() => normalize('a', { region: 'WEST' as never })).toThrowError(
      expect.objectContaining({ code: 'NORMALIZE_INVALID_INPUT' }),
    )
  })

  it('normalizes a 1 MB text without a hang', () => {
    const unit = 'Ngày 21/11/2026 lúc 8h30, giá 1.500.000đ tăng 3,5%; gọi 0912345678 hoặc a@b.vn. '
    const big = unit.repeat(Math.ceil(1_000_000 / unit.length)).slice(0, 1_000_000)
    const result = normalize(big)
    expect(result.text.length).toBeGreaterThan(big.length)
    const pathological =
      '1.'.repeat(200_000) + 'a@'.repeat(100_000) + '9'.repeat(200_000) + 'x'.repeat(200_000)
    expect(normalize(pathological).spans.length).toBeGreaterThan(0)
  })
})

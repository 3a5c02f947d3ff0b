import { describe, expect, it } from 'vitest'
import { NormalizeError } from './errors.ts'
import { readDecimal, readDigits, readIntegerDigits, readNumber } from './number-reader.ts'

describe('readNumber', () => {
  it.each([
    [0, 'không'],
    [5, 'năm'],
    [10, 'mười'],
    [11, 'mười một'],
    [14, 'mười bốn'],
    [15, 'mười lăm'],
    [21, 'hai mươi mốt'],
    [24, 'hai mươi tư'],
    [25, 'hai mươi lăm'],
    [31, 'ba mươi mốt'],
    [100, 'một trăm'],
    [101, 'một trăm linh một'],
    [105, 'một trăm linh năm'],
    [110, 'một trăm mười'],
    [115, 'một trăm mười lăm'],
    [201, 'hai trăm linh một'],
    [306, 'ba trăm linh sáu'],
    [1000, 'một nghìn'],
    [1001, 'một nghìn không trăm linh một'],
    [2031, 'hai nghìn không trăm ba mươi mốt'],
    [3017, 'ba nghìn không trăm mười bảy'],
    [1500000, 'một triệu năm trăm nghìn'],
    [5000031, 'năm triệu không trăm ba mươi mốt'],
    [1000000000, 'một tỷ'],
    [1000000000000, 'một nghìn tỷ'],
    [2500000000, 'hai tỷ năm trăm triệu'],
    [-7, 'âm bảy'],
  ])('%d → %s', (n, expected) => {
    expect(readNumber(n)).toBe(expected)
  })

  it('reads big digit strings exactly', () => {
    expect(readNumber('1000000000000000000')).toBe('một tỷ tỷ')
    expect(readIntegerDigits('007')).toBe('bảy')
  })

  it('uses the chosen words', () => {
    const south = { thousand: 'ngàn', billion: 'tỉ', zeroTens: 'lẻ', fourAfterTens: 'bốn' }
    expect(readNumber(1005, south)).toBe('một ngàn không trăm lẻ năm')
    expect(readNumber(24, south)).toBe('hai mươi bốn')
  })

  it('rejects what is not a number with a stable code', () => {
    expect(() => readNumber('12a')).toThrow(NormalizeError)
    expect(() => readNumber(1.5)).toThrowError(expect.objectContaining({ code: 'NORMALIZE_INVALID_NUMBER' }))
  })
})

describe('readDigits and decimals', () => {
  it('reads digits with plain names', () => {
    expect(readDigits('0914')).toBe('không chín một bốn')
    expect(readDigits('15')).toBe('một năm')
  })

  it('reads decimals', () => {
    expect(readDecimal('3', '14')).toBe('ba phẩy mười bốn')
    expect(readDecimal('0', '07')).toBe('không phẩy không bảy')
    expect(readDecimal('2', '5', { mark: 'chấm' })).toBe('hai chấm năm')
    expect(readDecimal('-1', '5')).toBe('âm một phẩy năm')
  })
})

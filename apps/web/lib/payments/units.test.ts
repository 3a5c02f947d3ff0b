import { describe, expect, it } from 'vitest'
import { formatMessage } from '../i18n-format'
import en from '../../messages/checkout/en.json'
import vi from '../../messages/checkout/vi.json'
import { formatCredits } from './units'

const tr = (units: Record<string, string>) => (key: string, values?: Record<string, string | number>) =>
  formatMessage(units[key]!, values)

describe('formatCredits', () => {
  const tVi = tr(vi.checkout.units)
  const tEn = tr(en.checkout.units)
  it('writes dubbing seconds as minutes and seconds in both languages', () => {
    expect(formatCredits(511, 'SECOND', tVi, 'vi')).toBe('8 phút 31 giây')
    expect(formatCredits(511, 'SECOND', tEn, 'en')).toBe('8 min 31 s')
    expect(formatCredits(7_200, 'SECOND', tVi, 'vi')).toBe('120 phút')
    expect(formatCredits(45, 'SECOND', tVi, 'vi')).toBe('45 giây')
    expect(formatCredits(0, 'SECOND', tEn, 'en')).toBe('0 s')
  })
  it('writes characters with the locale grouping', () => {
    expect(formatCredits(12_400, 'CHARACTER', tVi, 'vi')).toBe('12.400 ký tự')
    expect(formatCredits(12_400, 'CHARACTER', tEn, 'en')).toBe('12,400 characters')
  })
})

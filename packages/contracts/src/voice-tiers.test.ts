import { describe, expect, it } from 'vitest'
import {
  billedCharacters,
  billedRequestCharacters,
  isVoiceTier,
  normalizeCreditFactor,
} from './voice-tiers.ts'

describe('voice tiers and credit factors', () => {
  it('bills characters times the factor, rounded up, in exact hundredths', () => {
    expect(billedCharacters(100, 1.1)).toBe(110)
    expect(billedCharacters(1000, 1.5)).toBe(1500)
    expect(billedCharacters(3, 1.5)).toBe(5)
    expect(billedCharacters(7, 0.5)).toBe(4)
    expect(billedCharacters(0, 2)).toBe(0)
  })

  it('bills an absent or unusable factor as 1', () => {
    expect(billedCharacters(123, undefined)).toBe(123)
    expect(billedCharacters(123, null)).toBe(123)
    expect(billedCharacters(123, Number.NaN)).toBe(123)
    expect(billedCharacters(123, -2)).toBe(123)
  })

  it('keeps a factor to two decimals within its bounds', () => {
    expect(normalizeCreditFactor(1.234)).toBe(1.23)
    expect(normalizeCreditFactor(0.01)).toBe(0.1)
    expect(normalizeCreditFactor(500)).toBe(20)
  })

  it('knows the tiers', () => {
    expect(isVoiceTier('NEURAL')).toBe(true)
    expect(isVoiceTier('STANDARD')).toBe(false)
  })

  describe('billed request characters', () => {
    const factors = new Map([
      ['a', 1.5],
      ['b', 1],
    ])

    it('multiplies one voice by its factor, a voice without a row at 1', () => {
      expect(billedRequestCharacters(100, [{ text: 'x', voice: 'a' }], factors)).toBe(150)
      expect(billedRequestCharacters(100, [{ text: 'x', voice: 'engine-id' }], factors)).toBe(100)
    })

    it('bills mixed voices paragraph by paragraph, separators at 1', () => {
      const paragraphs = [
        { text: 'abcd', voice: 'a' },
        { text: 'efg', voice: 'b' },
      ]
      // 4 × 1.5 + 3 + one separator
      expect(billedRequestCharacters(8, paragraphs, factors)).toBe(10)
    })
  })
})

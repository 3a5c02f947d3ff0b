import { describe, expect, it } from 'vitest'
import { billedCharacters, isVoiceTier, normalizeCreditFactor } from './voice-tiers.ts'

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
})

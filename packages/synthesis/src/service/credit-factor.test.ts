import { describe, expect, it } from 'vitest'
import { billedDiscount } from './credit-factor.ts'

describe('billed cache discount', () => {
  it('scales a cache discount by the request ratio, never above it', () => {
    expect(billedDiscount(10, 30, 'x'.repeat(20))).toBe(15)
    expect(billedDiscount(3, 5, 'abc')).toBe(5)
    expect(billedDiscount(7, 20, 'x'.repeat(20))).toBe(7)
  })
})

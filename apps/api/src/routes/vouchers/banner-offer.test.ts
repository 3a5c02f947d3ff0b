import { describe, expect, it } from 'vitest'
import { bannerOffer } from './banner-offer.ts'

describe('bannerOffer', () => {
  it('shows the larger percent of the banner voucher and the first-order discount, one of them', () => {
    expect(bannerOffer({ discountPercent: 10 }, 20)).toBe('first_order')
    expect(bannerOffer({ discountPercent: 30 }, 20)).toBe('voucher')
    expect(bannerOffer({ discountPercent: 20 }, 20)).toBe('voucher')
  })
  it('keeps an amount voucher, shows the first-order offer alone, or nothing', () => {
    expect(bannerOffer({ discountPercent: null }, 20)).toBe('voucher')
    expect(bannerOffer(undefined, 20)).toBe('first_order')
    expect(bannerOffer({ discountPercent: 10 }, 0)).toBe('voucher')
    expect(bannerOffer(undefined, 0)).toBeNull()
  })
})

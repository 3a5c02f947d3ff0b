import { describe, expect, it } from 'vitest'
import { creditsExpiry, planChangeKind } from './plan-change.ts'
import { priceOrder } from './pricing.ts'
import { chooseDiscount, voucherDiscount, voucherProblem } from './vouchers.ts'
import { ctx, now, voucher } from './voucher-fixture.ts'

describe('priceOrder', () => {
  it('charges VAT on the price after the discount, in integer VND', () => {
    expect(priceOrder(99_000, 0, 10)).toEqual({
      price: 99_000,
      discount: 0,
      subtotal: 99_000,
      vatPercent: 10,
      vat: 9_900,
      total: 108_900,
    })
    expect(priceOrder(199_000, 19_900, 10)).toMatchObject({ subtotal: 179_100, vat: 17_910, total: 197_010 })
    expect(priceOrder(99_999, 0, 8)).toMatchObject({ vat: 8_000, total: 107_999 })
    expect(priceOrder(50_000, 80_000, 0)).toMatchObject({ discount: 50_000, total: 0 })
  })
})

describe('vouchers', () => {
  it('computes percent (capped) and amount discounts', () => {
    expect(voucherDiscount(voucher(), 399_000)).toBe(39_900)
    expect(voucherDiscount(voucher({ discountPercent: 20, maxDiscount: 50_000 }), 399_000)).toBe(50_000)
    expect(voucherDiscount(voucher({ discountPercent: null, discountAmount: 50_000 }), 30_000)).toBe(30_000)
  })

  it('names every reason a voucher cannot be used', () => {
    expect(voucherProblem(voucher(), ctx)).toBeNull()
    expect(voucherProblem(voucher({ active: false }), ctx)).toBe('VOUCHER_INACTIVE')
    expect(voucherProblem(voucher({ startsAt: new Date('2026-12-01') }), ctx)).toBe('VOUCHER_NOT_STARTED')
    expect(voucherProblem(voucher({ endsAt: now }), ctx)).toBe('VOUCHER_EXPIRED')
    expect(voucherProblem(voucher({ minOrderAmount: 500_000 }), ctx)).toBe('VOUCHER_MIN_ORDER')
    expect(voucherProblem(voucher({ packageCodes: ['STUDIO-STANDARD-MONTH-V3.1'] }), ctx)).toBe(
      'VOUCHER_PACKAGE_NOT_ELIGIBLE',
    )
    expect(voucherProblem(voucher({ audience: 'PAID_USER' }), ctx)).toBe('VOUCHER_AUDIENCE')
    expect(voucherProblem(voucher({ audience: 'NEW_USER' }), { ...ctx, hasPaidOrder: true })).toBe(
      'VOUCHER_AUDIENCE',
    )
    expect(voucherProblem(voucher({ usageLimit: 3, usedCount: 3 }), ctx)).toBe('VOUCHER_USED_UP')
    expect(voucherProblem(voucher({ perUserLimit: 1 }), { ...ctx, userUses: 1 })).toBe('VOUCHER_USER_LIMIT')
  })

  it('keeps one discount: the entered voucher unless a flag offers more', () => {
    const entered = voucher({ code: 'LOA10' })
    const better = voucher({ code: 'BIG', discountPercent: null, discountAmount: 100_000 })
    const base = {
      price: 399_000,
      entered,
      usable: [entered, better],
      firstPaidPercent: 0,
      bestVoucherRule: false,
    }
    expect(chooseDiscount(base)).toEqual({ source: { kind: 'voucher', code: 'LOA10' }, amount: 39_900 })
    // new-rule-get-best-voucher: the best usable voucher, even with none entered.
    expect(chooseDiscount({ ...base, bestVoucherRule: true })).toEqual({
      source: { kind: 'voucher', code: 'BIG' },
      amount: 100_000,
    })
    expect(chooseDiscount({ ...base, entered: null, bestVoucherRule: true }).source).toEqual({
      kind: 'voucher',
      code: 'BIG',
    })
    // discount-for-first-paid-user: 20% off the first paid order when it beats the voucher.
    expect(chooseDiscount({ ...base, firstPaidPercent: 20 })).toEqual({
      source: { kind: 'first_paid_order' },
      amount: 79_800,
    })
    expect(chooseDiscount({ ...base, entered: null })).toEqual({ source: null, amount: 0 })
  })
})

describe('plan change and proration', () => {
  const standard = { code: 'STUDIO-STANDARD-MONTH-V3.1', cycle: 'monthly' as const, price: 99_000 }
  const vip = { code: 'STUDIO-VIP-MONTH-V3.1', cycle: 'monthly' as const, price: 399_000 }
  const standardYear = { code: 'STUDIO-STANDARD-YEAR-V3.1', cycle: 'yearly' as const, price: 950_000 }
  const topUp = { code: 'STUDIO-SPECIAL-TOPUP', cycle: null, price: 50_000 }
  const in10Days = new Date(now.getTime() + 10 * 86_400_000)

  it('compares price per 30 days with the running plan', () => {
    expect(planChangeKind(null, standard, now)).toBe('upgrade')
    expect(planChangeKind({ package: standard, expiresAt: in10Days }, standard, now)).toBe('same_level')
    expect(planChangeKind({ package: standard, expiresAt: in10Days }, vip, now)).toBe('upgrade')
    expect(planChangeKind({ package: vip, expiresAt: in10Days }, standard, now)).toBe('downgrade')
    // A yearly plan costs less per month than the monthly one of the same tier.
    expect(planChangeKind({ package: standard, expiresAt: in10Days }, standardYear, now)).toBe('downgrade')
    expect(planChangeKind({ package: vip, expiresAt: new Date(now.getTime() - 1) }, standard, now)).toBe(
      'upgrade',
    )
    expect(planChangeKind({ package: standard, expiresAt: in10Days }, topUp, now)).toBeNull()
  })

  it('adds a same-level period after the current one; other changes start now', () => {
    const current = { package: standard, expiresAt: in10Days }
    expect(creditsExpiry('same_level', standard, current, now)).toEqual(
      new Date(in10Days.getTime() + 30 * 86_400_000),
    )
    expect(creditsExpiry('upgrade', vip, current, now)).toEqual(new Date(now.getTime() + 30 * 86_400_000))
    expect(creditsExpiry('downgrade', standardYear, current, now)).toEqual(
      new Date(now.getTime() + 365 * 86_400_000),
    )
    expect(creditsExpiry(null, topUp, current, now)).toBeNull()
  })
})

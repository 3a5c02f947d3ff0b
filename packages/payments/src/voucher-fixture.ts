import type { VoucherRule } from './vouchers.ts'

/** Test fixture: a usable 10 % voucher, and the checkout it is checked against. */
export const voucher = (over: Partial<VoucherRule> = {}): VoucherRule => ({
  code: 'LOA10',
  discountPercent: 10,
  discountAmount: null,
  maxDiscount: null,
  minOrderAmount: null,
  packageCodes: [],
  audience: 'ALL',
  active: true,
  startsAt: null,
  endsAt: null,
  usageLimit: null,
  usedCount: 0,
  perUserLimit: null,
  ...over,
})
export const now = new Date('2026-11-23T10:00:00Z')
export const ctx = {
  now,
  packageCode: 'STUDIO-VIP-MONTH-V3.1',
  price: 399_000,
  hasPaidOrder: false,
  userUses: 0,
}

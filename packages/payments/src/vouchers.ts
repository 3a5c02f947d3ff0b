/**
 * Voucher rules. A voucher is a percent (capped by `maxDiscount`) or a fixed amount off the package price,
 * usable when: active, inside its validity window, the order reaches `minOrderAmount`, the package is one of
 * `packageCodes` (empty = all), its audience fits (NEW_USER before the first paid order, PAID_USER after),
 * fewer than `usageLimit` paid orders used it in total and fewer than `perUserLimit` by this user.
 */
export interface VoucherRule {
  code: string
  discountPercent: number | null
  discountAmount: number | null
  maxDiscount: number | null
  minOrderAmount: number | null
  packageCodes: string[]
  audience: string
  active: boolean
  startsAt: Date | null
  endsAt: Date | null
  usageLimit: number | null
  usedCount: number
  perUserLimit: number | null
}

export interface VoucherContext {
  now: Date
  packageCode: string
  /** The package price before VAT. */
  price: number
  hasPaidOrder: boolean
  /** This user's paid orders that used the voucher. */
  userUses: number
}

/** Why a voucher cannot be used (stable API error codes), or null when it can. */
export type VoucherProblem =
  | 'VOUCHER_INACTIVE'
  | 'VOUCHER_NOT_STARTED'
  | 'VOUCHER_EXPIRED'
  | 'VOUCHER_MIN_ORDER'
  | 'VOUCHER_PACKAGE_NOT_ELIGIBLE'
  | 'VOUCHER_AUDIENCE'
  | 'VOUCHER_USED_UP'
  | 'VOUCHER_USER_LIMIT'

export const voucherProblem = (v: VoucherRule, ctx: VoucherContext): VoucherProblem | null => {
  if (!v.active) return 'VOUCHER_INACTIVE'
  if (v.startsAt && v.startsAt > ctx.now) return 'VOUCHER_NOT_STARTED'
  if (v.endsAt && v.endsAt <= ctx.now) return 'VOUCHER_EXPIRED'
  if (v.minOrderAmount !== null && ctx.price < v.minOrderAmount) return 'VOUCHER_MIN_ORDER'
  if (v.packageCodes.length > 0 && !v.packageCodes.includes(ctx.packageCode))
    return 'VOUCHER_PACKAGE_NOT_ELIGIBLE'
  if (v.audience === 'NEW_USER' && ctx.hasPaidOrder) return 'VOUCHER_AUDIENCE'
  if (v.audience === 'PAID_USER' && !ctx.hasPaidOrder) return 'VOUCHER_AUDIENCE'
  if (v.usageLimit !== null && v.usedCount >= v.usageLimit) return 'VOUCHER_USED_UP'
  if (v.perUserLimit !== null && ctx.userUses >= v.perUserLimit) return 'VOUCHER_USER_LIMIT'
  return null
}

/** The discount a voucher gives on a price (integer VND, never more than the price). */
export const voucherDiscount = (
  v: Pick<VoucherRule, 'discountPercent' | 'discountAmount' | 'maxDiscount'>,
  price: number,
): number => {
  let discount = 0
  if (v.discountPercent !== null) {
    discount = Math.floor((price * v.discountPercent) / 100)
    if (v.maxDiscount !== null) discount = Math.min(discount, v.maxDiscount)
  } else if (v.discountAmount !== null) discount = v.discountAmount
  return Math.min(Math.max(0, discount), price)
}

export type DiscountSource = { kind: 'voucher'; code: string } | { kind: 'first_paid_order' }

export interface DiscountChoice {
  source: DiscountSource | null
  amount: number
}

export interface DiscountOptions {
  price: number
  /** The voucher the buyer typed (already checked usable). */
  entered: VoucherRule | null
  /** Every voucher usable by the buyer on this package (for `new-rule-get-best-voucher`). */
  usable: VoucherRule[]
  /** Percent off the first paid order (`discount-for-first-paid-user` on and no paid order yet), else 0. */
  firstPaidPercent: number
  /** `new-rule-get-best-voucher`: pick the best usable voucher even when none (or a worse one) was entered. */
  bestVoucherRule: boolean
}

/**
 * The one discount of an order: the largest among the entered voucher, (with the best-voucher rule) every
 * usable voucher, and the first-paid-order discount. Ties keep the entered voucher, then the earlier candidate.
 */
export const chooseDiscount = (o: DiscountOptions): DiscountChoice => {
  const candidates: DiscountChoice[] = []
  if (o.entered)
    candidates.push({
      source: { kind: 'voucher', code: o.entered.code },
      amount: voucherDiscount(o.entered, o.price),
    })
  if (o.bestVoucherRule)
    for (const v of o.usable)
      candidates.push({ source: { kind: 'voucher', code: v.code }, amount: voucherDiscount(v, o.price) })
  if (o.firstPaidPercent > 0)
    candidates.push({
      source: { kind: 'first_paid_order' },
      amount: Math.floor((o.price * o.firstPaidPercent) / 100),
    })
  let best: DiscountChoice = { source: null, amount: 0 }
  for (const c of candidates) if (c.amount > best.amount) best = c
  return best
}

/** The voucher a `GET /vouchers/banner(/user)` answer offers (server and browser both read it). */
export interface BannerVoucher {
  code: string
  title: string
  description: string
  discountPercent: number | null
  discountAmount: number | null
}

/** The offer of an answer; null when none is offered or the call failed. */
export const offeredVoucher = (body: unknown): BannerVoucher | null =>
  (body as { result?: { voucher?: BannerVoucher | null } } | null)?.result?.voucher ?? null

/**
 * The first-paid-order discount (percent) the signed-in banner offers instead of a voucher when it is the better
 * one (issue 28: one promotion at a time); null otherwise.
 */
export const offeredFirstOrder = (body: unknown): number | null =>
  (body as { result?: { firstOrder?: { discountPercent?: number } | null } } | null)?.result?.firstOrder
    ?.discountPercent ?? null

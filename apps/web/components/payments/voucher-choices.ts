import { pickList } from '../../lib/api/endpoints'

/** A voucher checkout offers with a click (fields of the camelized `GET /vouchers/paid-orders`, `/public-vouchers`). */
export interface VoucherChoice {
  code: string
  title: string
  discountPercent: number | null
  discountAmount: number | null
  maxDiscount: number | null
  packageCodes: string[]
}

/**
 * The vouchers to pick at checkout of one package: the customer's vouchers from paid orders first, then the public
 * ones, each code once, only those valid for the package (no package list = every package). A failed call is null
 * (spec: "null on error") and simply adds nothing, so checkout works with none shown. When `GET /vouchers` (the
 * caller's usable ones, by audience) answered, a public voucher it leaves out (e.g. new customers' only, for a
 * customer who has paid) is not offered.
 */
export const voucherChoices = (
  paidOrders: { result?: unknown } | null,
  publicVouchers: { result?: unknown } | null,
  packageCode: string,
  usable: { result?: unknown } | null = null,
): VoucherChoice[] => {
  const seen = new Set<string>()
  const usableCodes = usable
    ? new Set(pickList<VoucherChoice>(usable.result, 'items').map((v) => v?.code))
    : null
  const publics = pickList<VoucherChoice>(publicVouchers?.result, 'items').filter(
    (v) => !usableCodes || usableCodes.has(v?.code),
  )
  return [...pickList<VoucherChoice>(paidOrders?.result, 'items'), ...publics].filter((v) => {
    if (!v || typeof v.code !== 'string' || seen.has(v.code)) return false
    seen.add(v.code)
    const packages = Array.isArray(v.packageCodes) ? v.packageCodes : []
    return packages.length === 0 || packages.includes(packageCode)
  })
}

/**
 * The one promotion the signed-in banner shows (issue 28: where several apply, the best for the customer, never
 * one banner each): the best banner voucher open to the caller, or the first-paid-order discount when it is on for
 * them and larger. A percent is compared with a percent; an amount voucher keeps the banner (its worth depends on
 * the package, and the operator chose to promote it). Checkout still applies the one best discount (chooseDiscount).
 */
export const bannerOffer = (
  voucher: { discountPercent: number | null } | undefined,
  firstOrderPercent: number,
): 'voucher' | 'first_order' | null => {
  if (firstOrderPercent > 0 && (!voucher || (voucher.discountPercent ?? Infinity) < firstOrderPercent))
    return 'first_order'
  return voucher ? 'voucher' : null
}

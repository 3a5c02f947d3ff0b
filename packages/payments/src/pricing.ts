/**
 * Prices of an order, integer VND. Package prices are before VAT; a discount comes off the package price and
 * VAT is charged on what is left: subtotal = price − discount, vat = round(subtotal × rate%), total =
 * subtotal + vat. Discounts never stack: an order carries at most one (see chooseDiscount).
 */
export const DEFAULT_VAT_PERCENT = 10

export interface OrderPrice {
  price: number
  discount: number
  subtotal: number
  vatPercent: number
  vat: number
  total: number
}

export const priceOrder = (price: number, discount: number, vatPercent: number): OrderPrice => {
  if (!Number.isSafeInteger(price) || price < 0) throw new RangeError('price must be a non-negative integer')
  const applied = Math.min(Math.max(0, Math.floor(discount)), price)
  const subtotal = price - applied
  const vat = Math.round((subtotal * vatPercent) / 100)
  return { price, discount: applied, subtotal, vatPercent, vat, total: subtotal + vat }
}

import {
  PRODUCT_OF_ORDER_TYPE,
  WALLET_PRODUCTS,
  type OrderType,
  type WalletProduct,
} from '@loa/contracts/browser'
import type { UsagePackage } from '../api/types'
import { HttpError } from '../http/client'
import { ROUTES } from '../routes'

/** What an INSUFFICIENT_CREDITS answer says: whose wallet, what the work needs and what is left (its unit's credits). */
export interface Shortfall {
  product: WalletProduct
  required: number | null
  balance: number | null
}

const count = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null)

/**
 * The shortfall of a refused call, else null: an `HttpError` of the product API (details camelized) or a raw
 * developer API body (`{ "error": { "code", "details" } }`, the console's try-it). `fallback` names the wallet when
 * the details do not.
 */
export const shortfallOf = (error: unknown, fallback?: WalletProduct): Shortfall | null => {
  let code: unknown
  let details: unknown
  if (error instanceof HttpError) {
    code = error.code
    details = (error.body as { details?: unknown } | undefined)?.details
  } else {
    const v1 = (error as { error?: { code?: unknown; details?: unknown } } | null)?.error
    code = v1?.code
    details = v1?.details
  }
  if (code !== 'INSUFFICIENT_CREDITS') return null
  const d = (details ?? {}) as Record<string, unknown>
  const named = (WALLET_PRODUCTS as readonly unknown[]).includes(d.product)
    ? (d.product as WalletProduct)
    : null
  const product = named ?? fallback
  return product ? { product, required: count(d.required), balance: count(d.balance) } : null
}

/**
 * The package "Mua thêm" opens for a wallet: its top-up when one is sold (no billing cycle), else its cheapest paid
 * plan; null when nothing of that product is for sale.
 */
export const buyMorePackage = (packages: UsagePackage[], product: WalletProduct): UsagePackage | null =>
  packages
    .filter((p) => p.price > 0 && PRODUCT_OF_ORDER_TYPE[(p.type ?? 'STUDIO') as OrderType] === product)
    .sort((a, b) => Number(Boolean(a.cycle)) - Number(Boolean(b.cycle)) || a.price - b.price)[0] ?? null

/** The payments page opening checkout on the wallet's package (`?buy=<product>`). */
export const buyMoreHref = (locale: string, product: WalletProduct): string =>
  `${locale === 'en' ? '/en' : ''}${ROUTES.studioPayments}?buy=${product}`

/** The wallet a `?buy=` names, else null. */
export const productToBuy = (value: string | null): WalletProduct | null =>
  (WALLET_PRODUCTS as readonly (string | null)[]).includes(value) ? (value as WalletProduct) : null

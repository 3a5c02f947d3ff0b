import { PRODUCT_OF_ORDER_TYPE, type OrderType, type WalletProduct } from './catalogue.ts'

/**
 * What one credit of a wallet is (issue 28): studio and developer API credits are characters (times the voice's
 * credit factor); dubbing credits are seconds of dubbed timeline, as the dubbing packages are sold. The unit is a
 * property of the product: the ledger, reservations, quotes, packages and every display take it from here.
 */
export const CREDIT_UNITS = ['CHARACTER', 'SECOND'] as const
export type CreditUnit = (typeof CREDIT_UNITS)[number]

export const WALLET_UNITS: Record<WalletProduct, CreditUnit> = {
  aivoice: 'CHARACTER',
  aivoiceapi: 'CHARACTER',
  aidubbing: 'SECOND',
  aicall: 'CHARACTER',
}

export const unitOfOrderType = (type: OrderType): CreditUnit => WALLET_UNITS[PRODUCT_OF_ORDER_TYPE[type]]

/** Whole minutes and the seconds left of an amount of seconds (8 min 31 s for 511). */
export const minutesAndSeconds = (seconds: number): { minutes: number; seconds: number } => ({
  minutes: Math.floor(seconds / 60),
  seconds: seconds % 60,
})

/**
 * Seconds of dubbed timeline a dub of these cues is charged: the span from the first rendered cue's start to the
 * last one's end, rounded up to a whole second (0 when there is nothing to render).
 */
export const dubbedSeconds = (cues: readonly { startMs: number; endMs: number }[]): number => {
  if (cues.length === 0) return 0
  let start = Infinity
  let end = -Infinity
  for (const c of cues) {
    if (c.startMs < start) start = c.startMs
    if (c.endMs > end) end = c.endMs
  }
  return Math.max(1, Math.ceil((end - start) / 1000))
}

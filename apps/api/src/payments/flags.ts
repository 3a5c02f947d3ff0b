import type { PaymentsConfig } from './config.ts'

/** The two spec §4 flags that change checkout rules. */
export interface PaymentFlags {
  /** `discount-for-first-paid-user` */
  firstPaidDiscount: boolean
  /** `new-rule-get-best-voucher` */
  bestVoucher: boolean
}

const FLAG_TIMEOUT_MS = 2_000
const OFF: PaymentFlags = { firstPaidDiscount: false, bestVoucher: false }

/**
 * Asks the flags service (GrowthBook remote evaluation, `POST /api/eval/{clientKey}`) for the buyer's values,
 * with the same attributes the web sends (`id`). A failed lookup is ignored (spec §8): both rules off.
 */
export const createFlagReader =
  (config: PaymentsConfig['flags']) =>
  async (userId: string): Promise<PaymentFlags> => {
    try {
      const response = await fetch(`${config.url}/api/eval/${encodeURIComponent(config.clientKey)}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ attributes: { id: userId, loggedIn: true } }),
        signal: AbortSignal.timeout(FLAG_TIMEOUT_MS),
      })
      if (!response.ok) return OFF
      const body = (await response.json()) as { features?: Record<string, { defaultValue?: unknown }> }
      const on = (key: string) => body.features?.[key]?.defaultValue === true
      return {
        firstPaidDiscount: on('discount-for-first-paid-user'),
        bestVoucher: on('new-rule-get-best-voucher'),
      }
    } catch {
      return OFF
    }
  }

export type FlagReader = ReturnType<typeof createFlagReader>

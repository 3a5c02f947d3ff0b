import type { PlanChangeKind } from '@loa/contracts/browser'

const MONTHS: Record<string, number> = { monthly: 1, quarterly: 3, yearly: 12 }

export interface PlanLike {
  code: string
  family?: string
  cycle?: string | null
  price: number
  credits?: number
}

/** Price per month of a package (one-off packages count as one month). */
export const monthlyPrice = (p: PlanLike): number => p.price / (MONTHS[p.cycle ?? ''] ?? 1)

/**
 * Whether moving from the current package to another is an upgrade, a downgrade or the same level: the same
 * family is the same level (only the billing cycle changes); otherwise the monthly price decides, then credits.
 */
export const planChange = (current: PlanLike | null | undefined, target: PlanLike): PlanChangeKind => {
  if (!current) return target.price > 0 ? 'upgrade' : 'same_level'
  if (current.family && current.family === target.family) return 'same_level'
  const a = monthlyPrice(current)
  const b = monthlyPrice(target)
  if (b !== a) return b > a ? 'upgrade' : 'downgrade'
  const ca = current.credits ?? 0
  const cb = target.credits ?? 0
  return cb === ca ? 'same_level' : cb > ca ? 'upgrade' : 'downgrade'
}

import { PERIOD_DAYS, type BillingCycle, type PlanChangeKind } from '@loa/contracts'

const DAY_MS = 86_400_000

export interface PlanPackage {
  code: string
  cycle: BillingCycle | null
  price: number
}

export interface CurrentPlan {
  package: PlanPackage
  /** When the wallet's credits expire (null: never). */
  expiresAt: Date | null
}

/**
 * Plan change kind of buying `next` while `current` runs, by price per 30 days: more is an upgrade, less a
 * downgrade, equal (or the same package) same_level. No running paid plan makes any subscription an
 * upgrade. Top-ups (no cycle) change no plan: null.
 */
export const planChangeKind = (
  current: CurrentPlan | null,
  next: PlanPackage,
  now: Date,
): PlanChangeKind | null => {
  if (!next.cycle) return null
  const running =
    current?.package.cycle && current.package.price > 0 && (!current.expiresAt || current.expiresAt > now)
  if (!running) return 'upgrade'
  if (current.package.code === next.code) return 'same_level'
  const monthly = (p: PlanPackage) => (p.price * 30) / PERIOD_DAYS[p.cycle!]
  const a = monthly(current.package)
  const b = monthly(next)
  return b > a ? 'upgrade' : b < a ? 'downgrade' : 'same_level'
}

/**
 * When the credits of a paid order expire (the documented proration, docs/decisions.md):
 * - same_level: the new period is added after the current one (renewing early loses no day);
 * - upgrade and downgrade: the new plan starts now for its full period; the characters left from the current
 *   plan are kept and expire with the new plan (the wallet keeps the later expiry), so nothing paid is lost and
 *   no money changes hands for unused time;
 * - top-up: the credits join the current cycle and expire with it (null: no expiry of their own).
 */
export const creditsExpiry = (
  kind: PlanChangeKind | null,
  next: PlanPackage,
  current: CurrentPlan | null,
  now: Date,
): Date | null => {
  if (!next.cycle) return null
  const period = PERIOD_DAYS[next.cycle] * DAY_MS
  const start =
    kind === 'same_level' && current?.expiresAt && current.expiresAt > now
      ? current.expiresAt.getTime()
      : now.getTime()
  return new Date(start + period)
}

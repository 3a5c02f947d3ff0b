import { eq } from 'drizzle-orm'
import { type Db } from '@loa/db'
import { ssoLoginFailures } from './tables.ts'

/**
 * Per-account brute-force protection modelled on Keycloak's detector: every `failureFactor` failures add a
 * `waitIncrement` lock (capped at `maxWait`); two failures within `quickLoginMs` lock for `minQuickWait`;
 * failures older than `resetAfter` are forgotten. Keyed by the lower-cased email whether or not it exists, so
 * locked and unknown accounts look alike.
 */
export interface ThrottlePolicy {
  failureFactor: number
  waitIncrementSeconds: number
  maxWaitSeconds: number
  quickLoginMs: number
  minQuickWaitSeconds: number
  resetAfterSeconds: number
}

export const defaultThrottlePolicy = (failureFactor: number): ThrottlePolicy => ({
  failureFactor,
  waitIncrementSeconds: 60,
  maxWaitSeconds: 900,
  quickLoginMs: 1000,
  minQuickWaitSeconds: 60,
  resetAfterSeconds: 12 * 3600,
})

export const isLocked = async (db: Db, key: string, now: Date): Promise<boolean> => {
  const [row] = await db.select().from(ssoLoginFailures).where(eq(ssoLoginFailures.key, key)).limit(1)
  return Boolean(row?.lockedUntil && row.lockedUntil.getTime() > now.getTime())
}

export const recordFailure = async (
  db: Db,
  key: string,
  now: Date,
  policy: ThrottlePolicy,
): Promise<void> => {
  const [row] = await db.select().from(ssoLoginFailures).where(eq(ssoLoginFailures.key, key)).limit(1)
  const stale = !row || now.getTime() - row.lastFailureAt.getTime() > policy.resetAfterSeconds * 1000
  const failures = stale ? 1 : row.failures + 1
  let lockSeconds = 0
  if (failures % policy.failureFactor === 0)
    lockSeconds = Math.min(
      policy.waitIncrementSeconds * (failures / policy.failureFactor),
      policy.maxWaitSeconds,
    )
  if (!stale && now.getTime() - row.lastFailureAt.getTime() < policy.quickLoginMs)
    lockSeconds = Math.max(lockSeconds, policy.minQuickWaitSeconds)
  const lockedUntil = lockSeconds
    ? new Date(now.getTime() + lockSeconds * 1000)
    : stale
      ? null
      : (row?.lockedUntil ?? null)
  await db
    .insert(ssoLoginFailures)
    .values({ key, failures, lastFailureAt: now, lockedUntil })
    .onConflictDoUpdate({ target: ssoLoginFailures.key, set: { failures, lastFailureAt: now, lockedUntil } })
}

export const clearFailures = async (db: Db, key: string): Promise<void> => {
  await db.delete(ssoLoginFailures).where(eq(ssoLoginFailures.key, key))
}

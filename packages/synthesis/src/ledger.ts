import { app as t, type Db } from '@loa/db'
import { and, eq, sql } from 'drizzle-orm'

/** A transaction of the shared database. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]

export type SettleOutcome = 'settled' | 'already-settled' | 'missing'

/**
 * Settles a credit reservation inside the caller's transaction, with the same rules and entries as the
 * api's credits service (`apps/api/src/services/credits.ts`): the reservation moves from HELD exactly once
 * (a conditional update), a charge writes a CHARGE entry (delta 0, the reservation already took the credits)
 * and gives the unused part back as a REFUND entry; a release gives everything back. Running it inside the
 * transaction that moves the synthesis request to its final status makes "status + money" one step.
 */
const settle = async (
  tx: Tx,
  reservationId: string,
  outcome: { status: 'CHARGED'; amount: number; reason: string } | { status: 'RELEASED'; reason: string },
): Promise<SettleOutcome> => {
  const [held] = await tx
    .select()
    .from(t.creditReservations)
    .where(eq(t.creditReservations.id, reservationId))
  if (!held) return 'missing'
  const charged = outcome.status === 'CHARGED' ? Math.max(0, Math.min(held.amount, outcome.amount)) : 0
  const [row] = await tx
    .update(t.creditReservations)
    .set({ status: outcome.status, charged, settledAt: new Date() })
    .where(and(eq(t.creditReservations.id, reservationId), eq(t.creditReservations.status, 'HELD')))
    .returning({ id: t.creditReservations.id })
  if (!row) return 'already-settled'
  const balanceOf = async (delta: number): Promise<number> => {
    const [user] = await tx
      .update(t.users)
      .set({ creditsBalance: sql`${t.users.creditsBalance} + ${delta}`, updatedAt: new Date() })
      .where(eq(t.users.id, held.userId))
      .returning({ balance: t.users.creditsBalance })
    return user?.balance ?? 0
  }
  const base = { userId: held.userId, reference: held.reference, reservationId }
  if (outcome.status === 'CHARGED') {
    const balance = await balanceOf(0)
    await tx.insert(t.creditEntries).values({
      ...base,
      kind: 'CHARGE',
      amount: charged,
      delta: 0,
      balanceAfter: balance,
      reason: outcome.reason,
    })
  }
  const refund = held.amount - charged
  if (refund > 0) {
    const balance = await balanceOf(refund)
    await tx.insert(t.creditEntries).values({
      ...base,
      kind: 'REFUND',
      amount: refund,
      delta: refund,
      balanceAfter: balance,
      reason:
        outcome.status === 'CHARGED' ? `${outcome.reason}: unused part of the reservation` : outcome.reason,
    })
  }
  return 'settled'
}

/** Charges `amount` (≤ reserved) of a held reservation; the rest is refunded. */
export const chargeReservation = (tx: Tx, reservationId: string, amount: number, reason: string) =>
  settle(tx, reservationId, { status: 'CHARGED', amount, reason })

/** Gives a held reservation back. */
export const releaseReservation = (tx: Tx, reservationId: string, reason: string) =>
  settle(tx, reservationId, { status: 'RELEASED', reason })

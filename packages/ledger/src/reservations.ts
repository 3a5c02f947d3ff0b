import { AppError, type WalletProduct } from '@loa/contracts'
import { app as t } from '@loa/db'
import { and, eq } from 'drizzle-orm'
import { checkAmount, LedgerErrorCode } from './errors.ts'
import type { InTx, Reservation, Tx } from './types.ts'
import { assertUser, checkProduct, credit, debit, readWallet, writeEntry } from './wallet.ts'

export interface ReserveInput extends InTx {
  userId: string
  product: WalletProduct
  amount: number
  reason: string
  reference?: string | null
}

export type SettleOutcome = 'settled' | 'already-settled' | 'missing'
export type Settlement =
  { status: 'CHARGED'; amount: number; reason: string } | { status: 'RELEASED'; reason: string }

const isUuid = (id: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)

/** Holds credits for work in progress; INSUFFICIENT_CREDITS (402) rather than go negative or use lapsed credits. */
export const reserveIn = async (tx: Tx, input: ReserveInput): Promise<Reservation> => {
  checkAmount(input.amount)
  const product = checkProduct(input.product)
  const balance = await debit(tx, input.userId, product, input.amount, true)
  if (balance === undefined) {
    await assertUser(tx, input.userId)
    const wallet = await readWallet(tx, input.userId, product)
    const lapsed = wallet.expiresAt !== null && wallet.expiresAt <= new Date()
    throw new AppError(LedgerErrorCode.INSUFFICIENT_CREDITS, 'Not enough credits', 402, {
      details: {
        required: input.amount,
        balance: lapsed ? 0 : wallet.balance,
        product,
        expires_at: wallet.expiresAt?.toISOString() ?? null,
      },
    })
  }
  const [reservation] = await tx
    .insert(t.creditReservations)
    .values({
      userId: input.userId,
      product,
      amount: input.amount,
      reason: input.reason,
      reference: input.reference ?? null,
    })
    .returning()
  await writeEntry(tx, {
    userId: input.userId,
    product,
    kind: 'RESERVATION',
    amount: input.amount,
    delta: -input.amount,
    balanceAfter: balance,
    reason: input.reason,
    reference: input.reference ?? null,
    reservationId: reservation!.id,
  })
  return reservation as Reservation
}

/**
 * Settles a reservation inside the caller's transaction: it leaves HELD exactly once (a conditional update);
 * a charge writes a CHARGE entry (delta 0: the reservation already took the credits) and gives the unused part
 * back as a REFUND; a release gives everything back. Never throws for a missing or settled reservation.
 */
export const settleIn = async (
  tx: Tx,
  reservationId: string,
  outcome: Settlement,
): Promise<{ outcome: SettleOutcome; reservation?: Reservation }> => {
  if (!isUuid(reservationId)) return { outcome: 'missing' }
  const r = t.creditReservations
  const [held] = await tx.select().from(r).where(eq(r.id, reservationId))
  if (!held) return { outcome: 'missing' }
  const charged = outcome.status === 'CHARGED' ? Math.max(0, Math.min(held.amount, outcome.amount)) : 0
  const [row] = await tx
    .update(r)
    .set({ status: outcome.status, charged, settledAt: new Date() })
    .where(and(eq(r.id, reservationId), eq(r.status, 'HELD')))
    .returning()
  if (!row) return { outcome: 'already-settled', reservation: held as Reservation }
  const product = checkProduct(held.product)
  const base = { userId: held.userId, product, reference: held.reference, reservationId }
  if (outcome.status === 'CHARGED') {
    const wallet = await readWallet(tx, held.userId, product)
    await writeEntry(tx, {
      ...base,
      kind: 'CHARGE',
      amount: charged,
      delta: 0,
      balanceAfter: wallet.balance,
      reason: outcome.reason,
    })
  }
  const refund = held.amount - charged
  if (refund > 0) {
    const balance = await credit(tx, held.userId, product, refund)
    await writeEntry(tx, {
      ...base,
      kind: 'REFUND',
      amount: refund,
      delta: refund,
      balanceAfter: balance,
      reason:
        outcome.status === 'CHARGED' ? `${outcome.reason}: unused part of the reservation` : outcome.reason,
    })
  }
  return { outcome: 'settled', reservation: row as Reservation }
}

/** `settleIn` for callers that treat a missing or settled reservation as an error (404 / 409). */
export const settleOrThrow = async (
  tx: Tx,
  reservationId: string,
  outcome: Settlement,
): Promise<Reservation> => {
  const result = await settleIn(tx, reservationId, outcome)
  if (result.outcome === 'missing')
    throw new AppError(LedgerErrorCode.RESERVATION_NOT_FOUND, 'Reservation not found', 404)
  if (result.outcome === 'already-settled')
    throw new AppError(LedgerErrorCode.RESERVATION_ALREADY_SETTLED, 'Reservation already settled', 409)
  return result.reservation!
}

/** Charges `amount` (≤ reserved) of a held reservation in the caller's transaction; the rest is refunded. */
export const chargeReservation = async (tx: Tx, reservationId: string, amount: number, reason: string) =>
  (await settleIn(tx, reservationId, { status: 'CHARGED', amount, reason })).outcome

/** Gives a held reservation back in the caller's transaction. */
export const releaseReservation = async (tx: Tx, reservationId: string, reason: string) =>
  (await settleIn(tx, reservationId, { status: 'RELEASED', reason })).outcome

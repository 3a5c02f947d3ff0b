import { AppError } from '@loa/contracts'
import { app as t, type Db } from '@loa/db'
import { and, desc, eq, gte, sql } from 'drizzle-orm'
import { ApiErrorCode } from '../errors.ts'

export const CREDIT_ENTRY_KINDS = ['GRANT', 'RESERVATION', 'CHARGE', 'REFUND'] as const
export type CreditEntryKind = (typeof CREDIT_ENTRY_KINDS)[number]

export interface CreditEntry {
  id: string
  userId: string
  kind: CreditEntryKind
  amount: number
  delta: number
  balanceAfter: number
  reason: string
  reference: string | null
  reservationId: string | null
  createdAt: Date
}

export interface Reservation {
  id: string
  userId: string
  amount: number
  charged: number
  status: 'HELD' | 'CHARGED' | 'RELEASED'
  reason: string
  reference: string | null
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]

const MAX_AMOUNT = 1_000_000_000_000

const checkAmount = (amount: number, allowZero = false) => {
  if (!Number.isSafeInteger(amount) || amount < (allowZero ? 0 : 1) || amount > MAX_AMOUNT)
    throw new AppError(ApiErrorCode.INVALID_CREDIT_AMOUNT, 'Credit amount must be a positive integer', 400)
}

const isUniqueViolation = (error: unknown): boolean => {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause)
    if ((e as { code?: string }).code === '23505') return true
  return false
}

/**
 * The credits ledger. Every change of a balance is an entry (grant, reservation, charge, refund) with a
 * reason and a reference. A balance can never go negative: a reservation is a conditional update
 * (`balance >= amount`) inside a transaction, backed by a CHECK constraint — safe under concurrent requests
 * on PostgreSQL and on PGlite. A reservation is settled exactly once (charge or release).
 */
export const createCreditsService = (db: Db) => {
  const entry = async (
    tx: Tx,
    values: Omit<typeof t.creditEntries.$inferInsert, 'id' | 'createdAt'>,
  ): Promise<CreditEntry> => {
    const [row] = await tx.insert(t.creditEntries).values(values).returning()
    return row as CreditEntry
  }

  const adjust = async (tx: Tx, userId: string, delta: number): Promise<number | undefined> => {
    const [row] = await tx
      .update(t.users)
      .set({ creditsBalance: sql`${t.users.creditsBalance} + ${delta}`, updatedAt: new Date() })
      .where(
        delta < 0 ? and(eq(t.users.id, userId), gte(t.users.creditsBalance, -delta)) : eq(t.users.id, userId),
      )
      .returning({ balance: t.users.creditsBalance })
    return row?.balance
  }

  const currentBalance = async (tx: Tx | Db, userId: string): Promise<number> => {
    const [row] = await tx
      .select({ balance: t.users.creditsBalance })
      .from(t.users)
      .where(eq(t.users.id, userId))
    if (!row) throw new AppError('NOT_FOUND', 'User not found', 404)
    return row.balance
  }

  /** Adds credits. With an idempotency key, a repeated grant returns the first entry and adds nothing. */
  const grant = async (
    userId: string,
    amount: number,
    options: { reason: string; reference?: string; idempotencyKey?: string },
  ): Promise<CreditEntry> => {
    checkAmount(amount)
    const existing = async () => {
      if (!options.idempotencyKey) return undefined
      const [row] = await db
        .select()
        .from(t.creditEntries)
        .where(eq(t.creditEntries.idempotencyKey, options.idempotencyKey))
      return row as CreditEntry | undefined
    }
    const before = await existing()
    if (before) return before
    try {
      return await db.transaction(async (tx) => {
        const balance = await adjust(tx, userId, amount)
        if (balance === undefined) throw new AppError('NOT_FOUND', 'User not found', 404)
        return entry(tx, {
          userId,
          kind: 'GRANT',
          amount,
          delta: amount,
          balanceAfter: balance,
          reason: options.reason,
          reference: options.reference ?? null,
          idempotencyKey: options.idempotencyKey ?? null,
        })
      })
    } catch (error) {
      if (isUniqueViolation(error)) {
        const after = await existing()
        if (after) return after
      }
      throw error
    }
  }

  /** Holds credits for work in progress; fails with INSUFFICIENT_CREDITS (402) rather than go negative. */
  const reserve = async (
    userId: string,
    amount: number,
    options: { reason: string; reference?: string },
  ): Promise<Reservation> => {
    checkAmount(amount)
    return db.transaction(async (tx) => {
      const balance = await adjust(tx, userId, -amount)
      if (balance === undefined) {
        const have = await currentBalance(tx, userId)
        throw new AppError(ApiErrorCode.INSUFFICIENT_CREDITS, 'Not enough credits', 402, {
          details: { required: amount, balance: have },
        })
      }
      const [reservation] = await tx
        .insert(t.creditReservations)
        .values({ userId, amount, reason: options.reason, reference: options.reference ?? null })
        .returning()
      await entry(tx, {
        userId,
        kind: 'RESERVATION',
        amount,
        delta: -amount,
        balanceAfter: balance,
        reason: options.reason,
        reference: options.reference ?? null,
        reservationId: reservation!.id,
      })
      return reservation as Reservation
    })
  }

  const settle = async (tx: Tx, reservationId: string, status: 'CHARGED' | 'RELEASED', charged: number) => {
    const [row] = await tx
      .update(t.creditReservations)
      .set({ status, charged, settledAt: new Date() })
      .where(and(eq(t.creditReservations.id, reservationId), eq(t.creditReservations.status, 'HELD')))
      .returning()
    if (row) return row as Reservation
    const [found] = await tx
      .select({ id: t.creditReservations.id })
      .from(t.creditReservations)
      .where(eq(t.creditReservations.id, reservationId))
    if (!found) throw new AppError(ApiErrorCode.RESERVATION_NOT_FOUND, 'Reservation not found', 404)
    throw new AppError(ApiErrorCode.RESERVATION_ALREADY_SETTLED, 'Reservation already settled', 409)
  }

  const isUuid = (id: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)

  /**
   * Charges a reservation, exactly once. `amount` (default: all of it) may be less than reserved; the rest
   * goes back to the balance as a refund entry.
   */
  const charge = async (
    reservationId: string,
    options: { amount?: number; reason?: string } = {},
  ): Promise<Reservation> => {
    if (!isUuid(reservationId))
      throw new AppError(ApiErrorCode.RESERVATION_NOT_FOUND, 'Reservation not found', 404)
    return db.transaction(async (tx) => {
      const [held] = await tx
        .select()
        .from(t.creditReservations)
        .where(eq(t.creditReservations.id, reservationId))
      if (!held) throw new AppError(ApiErrorCode.RESERVATION_NOT_FOUND, 'Reservation not found', 404)
      const amount = options.amount ?? held.amount
      checkAmount(amount, true)
      if (amount > held.amount)
        throw new AppError(ApiErrorCode.INVALID_CREDIT_AMOUNT, 'Cannot charge more than was reserved', 400)
      const reservation = await settle(tx, reservationId, 'CHARGED', amount)
      const reason = options.reason ?? held.reason
      let balance = await currentBalance(tx, held.userId)
      await entry(tx, {
        userId: held.userId,
        kind: 'CHARGE',
        amount,
        delta: 0,
        balanceAfter: balance,
        reason,
        reference: held.reference,
        reservationId,
      })
      const rest = held.amount - amount
      if (rest > 0) {
        balance = (await adjust(tx, held.userId, rest))!
        await entry(tx, {
          userId: held.userId,
          kind: 'REFUND',
          amount: rest,
          delta: rest,
          balanceAfter: balance,
          reason: `${reason}: unused part of the reservation`,
          reference: held.reference,
          reservationId,
        })
      }
      return reservation
    })
  }

  /** Gives a held reservation back (work failed or was cancelled), exactly once. */
  const release = async (reservationId: string, options: { reason?: string } = {}): Promise<Reservation> => {
    if (!isUuid(reservationId))
      throw new AppError(ApiErrorCode.RESERVATION_NOT_FOUND, 'Reservation not found', 404)
    return db.transaction(async (tx) => {
      const reservation = await settle(tx, reservationId, 'RELEASED', 0)
      const balance = (await adjust(tx, reservation.userId, reservation.amount))!
      await entry(tx, {
        userId: reservation.userId,
        kind: 'REFUND',
        amount: reservation.amount,
        delta: reservation.amount,
        balanceAfter: balance,
        reason: options.reason ?? `${reservation.reason}: released`,
        reference: reservation.reference,
        reservationId,
      })
      return reservation
    })
  }

  const balance = (userId: string): Promise<number> => currentBalance(db, userId)

  const entries = async (userId: string, page: { offset: number; limit: number }) => {
    const [items, [count]] = await Promise.all([
      db
        .select()
        .from(t.creditEntries)
        .where(eq(t.creditEntries.userId, userId))
        .orderBy(desc(t.creditEntries.seq))
        .offset(page.offset)
        .limit(page.limit),
      db
        .select({ n: sql<number>`count(*)::int` })
        .from(t.creditEntries)
        .where(eq(t.creditEntries.userId, userId)),
    ])
    return { total: count?.n ?? 0, items: items as CreditEntry[] }
  }

  return { grant, reserve, charge, release, balance, entries }
}

export type CreditsService = ReturnType<typeof createCreditsService>

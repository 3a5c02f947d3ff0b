import { AppError, type WalletProduct } from '@loa/contracts'
import { app as t, type Db } from '@loa/db'
import { and, desc, eq, sql } from 'drizzle-orm'
import { checkAmount, LedgerErrorCode } from './errors.ts'
import { createGrants } from './grants.ts'
import { reserveIn, settleOrThrow, type ReserveInput } from './reservations.ts'
import type { Entry, InTx, Reservation, Tx, Wallet } from './types.ts'
import { checkProduct, readWallet } from './wallet.ts'
import { WALLET_PRODUCTS } from '@loa/contracts'

/** The credits ledger over one database: see the package README for the rules. */
export const createLedger = (db: Db) => {
  const run = <T>(tx: Tx | undefined, fn: (tx: Tx) => Promise<T>): Promise<T> =>
    tx ? fn(tx) : db.transaction(fn)

  const reserve = (input: ReserveInput): Promise<Reservation> => run(input.tx, (tx) => reserveIn(tx, input))

  /** Charges a reservation exactly once; `amount` (default all) may be less than held — the rest is refunded. */
  const charge = (
    reservationId: string,
    options: InTx & { amount?: number; reason?: string } = {},
  ): Promise<Reservation> =>
    run(options.tx, async (tx) => {
      const [held] = await tx
        .select()
        .from(t.creditReservations)
        .where(sql`${t.creditReservations.id}::text = ${reservationId}`)
      if (!held) throw new AppError(LedgerErrorCode.RESERVATION_NOT_FOUND, 'Reservation not found', 404)
      const amount = options.amount ?? held.amount
      checkAmount(amount, true)
      if (amount > held.amount)
        throw new AppError(LedgerErrorCode.INVALID_CREDIT_AMOUNT, 'Cannot charge more than was reserved', 400)
      return settleOrThrow(tx, reservationId, {
        status: 'CHARGED',
        amount,
        reason: options.reason ?? held.reason,
      })
    })

  /** Gives a held reservation back (work failed or was cancelled), exactly once. */
  const release = (reservationId: string, options: InTx & { reason?: string } = {}): Promise<Reservation> =>
    run(options.tx, async (tx) => {
      const [held] = await tx
        .select({ reason: t.creditReservations.reason })
        .from(t.creditReservations)
        .where(sql`${t.creditReservations.id}::text = ${reservationId}`)
      return settleOrThrow(tx, reservationId, {
        status: 'RELEASED',
        reason: options.reason ?? `${held?.reason ?? 'reservation'}: released`,
      })
    })

  const balance = async (userId: string, product: WalletProduct, options: InTx = {}): Promise<number> => {
    const wallet = await readWallet(options.tx ?? (db as unknown as Tx), userId, checkProduct(product))
    return wallet.expiresAt && wallet.expiresAt <= new Date() ? 0 : wallet.balance
  }

  /** Every wallet product with its balance (zero when absent) and expiry. */
  const balances = async (userId: string, options: InTx = {}): Promise<Wallet[]> => {
    const rows = await (options.tx ?? db)
      .select()
      .from(t.creditWallets)
      .where(eq(t.creditWallets.userId, userId))
    return WALLET_PRODUCTS.map((product) => {
      const row = rows.find((r) => r.product === product)
      return {
        product,
        balance: row?.balance ?? 0,
        expiresAt: row?.expiresAt ?? null,
        packageCode: row?.packageCode ?? null,
      }
    })
  }

  const entries = async (
    userId: string,
    page: { offset: number; limit: number; product?: WalletProduct },
  ): Promise<{ total: number; items: Entry[] }> => {
    const where = page.product
      ? and(eq(t.creditEntries.userId, userId), eq(t.creditEntries.product, page.product))
      : eq(t.creditEntries.userId, userId)
    const [items, [count]] = await Promise.all([
      db
        .select()
        .from(t.creditEntries)
        .where(where)
        .orderBy(desc(t.creditEntries.seq))
        .offset(page.offset)
        .limit(page.limit),
      db
        .select({ n: sql<number>`count(*)::int` })
        .from(t.creditEntries)
        .where(where),
    ])
    return { total: count?.n ?? 0, items: items as Entry[] }
  }

  return { ...createGrants(db, run), reserve, charge, release, balance, balances, entries }
}

export type Ledger = ReturnType<typeof createLedger>

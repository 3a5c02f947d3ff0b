import { PRODUCT_OF_ORDER_TYPE, type OrderType, type PlanChangeKind } from '@loa/contracts'
import { app as t, type Db } from '@loa/db'
import type { Ledger, Tx } from '@loa/ledger'
import { creditsExpiry } from '@loa/payments'
import { and, eq, isNull, sql } from 'drizzle-orm'
import { asPlan } from './quote.ts'

export type OrderRow = typeof t.orders.$inferSelect

/** What a notification did (payment_events.outcome). */
export type EventOutcome = 'PAID' | 'FAILED' | 'REFUND_DUE' | 'AMOUNT_MISMATCH' | 'UNMATCHED' | 'IGNORED'

export interface Notification {
  /** `manual`: an operator matched a bank transaction by its reference on /admin (issue 28). */
  provider: 'vnpay' | 'sepay' | 'casso' | 'manual' | 'momo'
  providerTxnId: string
  order: OrderRow | null
  orderCode: string | null
  amount: number
  outcome: EventOutcome
  payload: Record<string, unknown>
}

/** `duplicate`: the same provider transaction was already recorded (replay or concurrent twin). */
export type RecordResult = EventOutcome | 'duplicate'

export const findOrderByCode = async (db: Db | Tx, code: string): Promise<OrderRow | null> => {
  const [row] = await db.select().from(t.orders).where(eq(t.orders.code, code))
  return row ?? null
}

/**
 * Grants a paid order's credits to the wallet of its order type, in the caller's transaction: expiry by the
 * documented proration (creditsExpiry), idempotent by `order:<id>`; records the voucher's use and, for a
 * studio plan, the profile's package.
 */
const grantOrder = async (tx: Tx, ledger: Ledger, order: OrderRow, now: Date): Promise<Date | null> => {
  const [pkg] = await tx.select().from(t.packages).where(eq(t.packages.code, order.packageCode))
  if (!pkg) throw new Error(`order ${order.code}: package ${order.packageCode} is gone`)
  const product = PRODUCT_OF_ORDER_TYPE[order.type as OrderType]
  const wallet = (await ledger.balances(order.userId, { tx })).find((w) => w.product === product)
  const running = wallet?.packageCode
    ? (await tx.select().from(t.packages).where(eq(t.packages.code, wallet.packageCode)))[0]
    : undefined
  const current = running ? { package: asPlan(running), expiresAt: wallet!.expiresAt } : null
  const expiresAt = creditsExpiry(order.planChange as PlanChangeKind | null, asPlan(pkg), current, now)
  const credits = order.credits ?? pkg.credits
  if (credits > 0)
    await ledger.grant({
      userId: order.userId,
      product,
      amount: credits,
      reason: `order ${order.code}: ${pkg.code}`,
      reference: `order:${order.code}`,
      idempotencyKey: `order:${order.id}`,
      expiresAt,
      packageCode: pkg.cycle ? pkg.code : null,
      tx,
    })
  if (order.voucherCode) {
    await tx
      .update(t.vouchers)
      .set({ usedCount: sql`${t.vouchers.usedCount} + 1`, updatedAt: now })
      .where(eq(t.vouchers.code, order.voucherCode))
    await tx
      .update(t.userVouchers)
      .set({ usedAt: now })
      .where(
        and(
          eq(t.userVouchers.userId, order.userId),
          eq(t.userVouchers.voucherCode, order.voucherCode),
          isNull(t.userVouchers.usedAt),
        ),
      )
  }
  if (order.type === 'STUDIO' && pkg.cycle)
    await tx
      .update(t.users)
      .set({ packageCode: pkg.code, packageExpiresAt: expiresAt, updatedAt: now })
      .where(eq(t.users.id, order.userId))
  return expiresAt
}

/** PENDING → PAID and the grant, in the caller's transaction; null when the order was no longer PENDING. */
export const markPaid = async (
  tx: Tx,
  ledger: Ledger,
  orderId: string,
  now: Date,
): Promise<OrderRow | null> => {
  const [changed] = await tx
    .update(t.orders)
    .set({ status: 'PAID', paidAt: now, closedAt: now })
    .where(and(eq(t.orders.id, orderId), eq(t.orders.status, 'PENDING')))
    .returning()
  if (!changed) return null
  const expiresAt = await grantOrder(tx, ledger, changed, now)
  await tx.update(t.orders).set({ expiresAt }).where(eq(t.orders.id, changed.id))
  return { ...changed, expiresAt }
}

/**
 * Records one authenticated notification and applies it, all in one transaction: the payment event (unique per
 * provider transaction, so a replay or a concurrent twin records nothing and changes nothing), the order's
 * status change (only from PENDING), and the ledger grant. A PAID notice that loses the race to another
 * payment of the same order becomes REFUND_DUE.
 */
export const recordNotification = async (
  db: Db,
  ledger: Ledger,
  n: Notification,
  now = new Date(),
): Promise<RecordResult> => db.transaction((tx) => recordNotificationIn(tx, ledger, n, now))

/** recordNotification in the caller's transaction (the operator's hand payment adds its audit row to it). */
export const recordNotificationIn = async (
  tx: Tx,
  ledger: Ledger,
  n: Notification,
  now: Date,
): Promise<RecordResult> => {
  const [event] = await tx
    .insert(t.paymentEvents)
    .values({
      provider: n.provider,
      providerTxnId: n.providerTxnId,
      orderId: n.order?.id ?? null,
      orderCode: n.order?.code ?? n.orderCode,
      amount: n.amount,
      outcome: n.outcome,
      payload: n.payload,
      createdAt: now,
    })
    .onConflictDoNothing()
    .returning({ id: t.paymentEvents.id })
  if (!event) return 'duplicate'
  if (!n.order || (n.outcome !== 'PAID' && n.outcome !== 'FAILED')) return n.outcome
  let applied: boolean
  if (n.outcome === 'PAID') applied = !!(await markPaid(tx, ledger, n.order.id, now))
  else {
    const closed = await tx
      .update(t.orders)
      .set({ status: 'FAILED', closedAt: now })
      .where(and(eq(t.orders.id, n.order.id), eq(t.orders.status, 'PENDING')))
      .returning({ id: t.orders.id })
    applied = closed.length > 0
  }
  if (applied) return n.outcome
  const outcome: EventOutcome = n.outcome === 'PAID' ? 'REFUND_DUE' : 'IGNORED'
  await tx.update(t.paymentEvents).set({ outcome }).where(eq(t.paymentEvents.id, event.id))
  return outcome
}

/** A free order (a discount covering the whole price) is paid at once, through the same grant. */
export const settleFreeOrder = (db: Db, ledger: Ledger, order: OrderRow, now = new Date()) =>
  db.transaction((tx) => markPaid(tx, ledger, order.id, now))

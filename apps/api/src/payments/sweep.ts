import { app as t, type Db } from '@loa/db'
import type { Ledger } from '@loa/ledger'
import { and, eq, gt, lte, sql } from 'drizzle-orm'
import { insertOrder } from './checkout.ts'
import type { PaymentsConfig } from './config.ts'
import { queryMomoOrder } from './momo.ts'
import { priceOrder } from '@loa/payments'
import type { Quote } from './quote.ts'

const DAY_MS = 86_400_000

export interface SweepResult {
  expiredOrders: number
  renewals: number
  expiredWallets: number
  /** Pending MoMo orders asked about (reconciliation: a lost IPN still pays). */
  momoQueried: number
}

/** MoMo orders still pending a while after checkout: asked about before anything expires (at most 20 a run). */
const reconcileMomo = async (db: Db, ledger: Ledger, config: PaymentsConfig, now: Date): Promise<number> => {
  if (config.methods.MOMO.mode !== 'real') return 0
  const pending = await db
    .select()
    .from(t.orders)
    .where(
      and(
        eq(t.orders.status, 'PENDING'),
        eq(t.orders.paymentMethod, 'MOMO'),
        lte(t.orders.createdAt, new Date(now.getTime() - 120_000)),
      ),
    )
    .limit(20)
  for (const order of pending) await queryMomoOrder(db, ledger, config.momo, order).catch(() => undefined)
  return pending.length
}

const formatVnd = (n: number) => new Intl.NumberFormat('vi-VN').format(n)

/**
 * AUTO_RENEW packages about to lapse: for the latest paid order of each (user, type) whose credits expire within
 * the notice window, a renewal order (same package, list price, VAT now) paid by bank transfer before the
 * expiry, and a reminder mail in the outbox. Unique renewal_of and the mail's dedupe key make it run-safe.
 */
const createRenewals = async (db: Db, config: PaymentsConfig, now: Date): Promise<number> => {
  const due = await db
    .select({ order: t.orders, pkg: t.packages, email: t.users.email })
    .from(t.orders)
    .innerJoin(t.packages, eq(t.packages.code, t.orders.packageCode))
    .innerJoin(t.users, eq(t.users.id, t.orders.userId))
    .where(
      and(
        eq(t.orders.status, 'PAID'),
        eq(t.packages.kind, 'AUTO_RENEW'),
        eq(t.packages.purchasable, true),
        gt(t.orders.expiresAt, now),
        lte(t.orders.expiresAt, new Date(now.getTime() + config.renewalNoticeDays * DAY_MS)),
        // The alias makes "app"."orders" inside the sub-queries mean the outer row.
        sql`not exists (select 1 from ${t.orders} as renewal where renewal.renewal_of = ${t.orders.id})`,
        sql`not exists (select 1 from ${t.orders} as later where later.user_id = ${t.orders.userId} and later.type = ${t.orders.type} and later.status = 'PAID' and later.paid_at > ${t.orders.paidAt})`,
      ),
    )
  let made = 0
  for (const { order, pkg, email } of due) {
    const quote: Quote = {
      package: pkg,
      price: priceOrder(pkg.price, 0, config.vatPercent),
      discountSource: null,
      planChange: 'same_level',
      current: { packageCode: pkg.code, expiresAt: order.expiresAt },
    }
    const created = await insertOrder(db, {
      userId: order.userId,
      quote,
      method: 'VIETQR',
      now,
      payBy: order.expiresAt!,
      renewalOf: order.id,
    })
    if (!created) continue
    made++
    if (!email) continue
    const until = order.expiresAt!.toISOString().slice(0, 10)
    await db
      .insert(t.mailOutbox)
      .values({
        userId: order.userId,
        to: email,
        kind: 'renewal_reminder',
        dedupeKey: `renewal:${order.id}`,
        subject: `Gia hạn gói ${pkg.name} — đơn ${created.code} / Renew ${pkg.name} — order ${created.code}`,
        text:
          `Gói ${pkg.name} của bạn hết hạn ngày ${until}. Đơn gia hạn ${created.code}: ${formatVnd(created.total)} đ ` +
          `(đã gồm VAT). Thanh toán tại trang Thanh toán của Loa Studio trước ngày hết hạn.\n\n` +
          `Your ${pkg.name} package expires on ${until}. Renewal order ${created.code}: ${formatVnd(created.total)} VND ` +
          `(VAT included). Pay it on the Loa Studio payments page before it expires.`,
        createdAt: now,
      })
      .onConflictDoNothing()
  }
  return made
}

/** One pass of the scheduled payments work; every step is idempotent, so replicas may run it at once. */
export const runPaymentsSweep = async (
  db: Db,
  ledger: Ledger,
  config: PaymentsConfig,
  now = new Date(),
): Promise<SweepResult> => {
  const momoQueried = await reconcileMomo(db, ledger, config, now)
  const expired = await db
    .update(t.orders)
    .set({ status: 'EXPIRED', closedAt: now })
    .where(and(eq(t.orders.status, 'PENDING'), lte(t.orders.payBy, now)))
    .returning({ id: t.orders.id })
  const renewals = await createRenewals(db, config, now)
  // PREPAID (and unpaid AUTO_RENEW) credits simply lapse at their expiry.
  const expiredWallets = await ledger.expireDue(now)
  return { expiredOrders: expired.length, renewals, expiredWallets, momoQueried }
}

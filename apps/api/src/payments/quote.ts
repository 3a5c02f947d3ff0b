import {
  AppError,
  PRODUCT_OF_ORDER_TYPE,
  type BillingCycle,
  type OrderType,
  type PlanChangeKind,
} from '@loa/contracts'
import { app as t, type Db } from '@loa/db'
import type { Ledger } from '@loa/ledger'
import {
  chooseDiscount,
  planChangeKind,
  priceOrder,
  voucherProblem,
  type CurrentPlan,
  type DiscountSource,
  type OrderPrice,
  type PlanPackage,
  type VoucherRule,
} from '@loa/payments'
import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm'
import { ApiErrorCode } from '../errors.ts'
import type { PaymentsConfig } from './config.ts'
import { PaymentErrorCode } from './errors.ts'
import type { FlagReader } from './flags.ts'

export type PackageRow = typeof t.packages.$inferSelect

export interface Quote {
  package: PackageRow
  price: OrderPrice
  discountSource: DiscountSource | null
  planChange: PlanChangeKind | null
  /** The plan running now in the package's wallet (null: none or free). */
  current: { packageCode: string; expiresAt: Date | null } | null
}

export const asPlan = (p: PackageRow): PlanPackage => ({
  code: p.code,
  cycle: p.cycle as BillingCycle | null,
  price: p.price,
})

const asRule = (v: typeof t.vouchers.$inferSelect): VoucherRule => ({ ...v })

/** The package, which must be on sale (active, purchasable, not free). */
export const purchasablePackage = async (db: Db, code: string): Promise<PackageRow> => {
  const [row] = await db.select().from(t.packages).where(eq(t.packages.code, code))
  if (!row) throw new AppError(ApiErrorCode.PACKAGE_NOT_FOUND, 'Package not found', 404)
  if (!row.active || !row.purchasable || row.price <= 0)
    throw new AppError(PaymentErrorCode.PACKAGE_NOT_PURCHASABLE, 'This package cannot be bought', 400)
  return row
}

export const hasPaidOrder = async (db: Db, userId: string): Promise<boolean> => {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(t.orders)
    .where(and(eq(t.orders.userId, userId), eq(t.orders.status, 'PAID')))
  return (row?.n ?? 0) > 0
}

/** The plan in the wallet the package fills, with its package (null when free or none). */
export const currentPlan = async (
  db: Db,
  ledger: Ledger,
  userId: string,
  type: OrderType,
): Promise<(CurrentPlan & { packageCode: string }) | null> => {
  const wallet = (await ledger.balances(userId)).find((w) => w.product === PRODUCT_OF_ORDER_TYPE[type])
  if (!wallet?.packageCode) return null
  const [pkg] = await db.select().from(t.packages).where(eq(t.packages.code, wallet.packageCode))
  if (!pkg) return null
  return { package: asPlan(pkg), expiresAt: wallet.expiresAt, packageCode: pkg.code }
}

/**
 * Vouchers this user may see: public ones plus the ones handed to them and not used yet; with `code` only
 * that one (a private voucher not handed to this user does not exist for them).
 */
const visibleVouchers = async (db: Db, userId: string, code?: string) => {
  const granted = db
    .select({ code: t.userVouchers.voucherCode })
    .from(t.userVouchers)
    .where(and(eq(t.userVouchers.userId, userId), isNull(t.userVouchers.usedAt)))
  return db
    .select()
    .from(t.vouchers)
    .where(
      and(
        code ? eq(t.vouchers.code, code) : undefined,
        or(eq(t.vouchers.isPublic, true), inArray(t.vouchers.code, granted)),
      ),
    )
}

const userVoucherUses = async (db: Db, userId: string): Promise<Map<string, number>> => {
  const rows = await db
    .select({ code: t.orders.voucherCode, n: sql<number>`count(*)::int` })
    .from(t.orders)
    .where(and(eq(t.orders.userId, userId), eq(t.orders.status, 'PAID')))
    .groupBy(t.orders.voucherCode)
  return new Map(rows.filter((r) => r.code).map((r) => [r.code!, r.n]))
}

/** Prices a package for a user: the one discount (voucher or first order), VAT, and the plan change kind. */
export const quoteOrder = async (
  deps: { db: Db; ledger: Ledger; config: PaymentsConfig; flags: FlagReader },
  input: { userId: string; packageCode: string; voucherCode?: string; now: Date },
): Promise<Quote> => {
  const { db } = deps
  const pkg = await purchasablePackage(db, input.packageCode)
  const [paid, flags, uses, current] = await Promise.all([
    hasPaidOrder(db, input.userId),
    deps.flags(input.userId),
    userVoucherUses(db, input.userId),
    currentPlan(db, deps.ledger, input.userId, pkg.type as OrderType),
  ])
  const ctx = (v: VoucherRule) => ({
    now: input.now,
    packageCode: pkg.code,
    price: pkg.price,
    hasPaidOrder: paid,
    userUses: uses.get(v.code) ?? 0,
  })
  let entered: VoucherRule | null = null
  if (input.voucherCode) {
    const [row] = await visibleVouchers(db, input.userId, input.voucherCode.trim().toUpperCase())
    if (!row) throw new AppError(PaymentErrorCode.VOUCHER_NOT_FOUND, 'Voucher not found', 404)
    entered = asRule(row)
    const problem = voucherProblem(entered, ctx(entered))
    if (problem) throw new AppError(problem, `Voucher ${entered.code} cannot be used: ${problem}`, 400)
  }
  const usable = flags.bestVoucher
    ? (await visibleVouchers(db, input.userId)).map(asRule).filter((v) => !voucherProblem(v, ctx(v)))
    : []
  const choice = chooseDiscount({
    price: pkg.price,
    entered,
    usable,
    firstPaidPercent: flags.firstPaidDiscount && !paid ? deps.config.firstOrderDiscountPercent : 0,
    bestVoucherRule: flags.bestVoucher,
  })
  return {
    package: pkg,
    price: priceOrder(pkg.price, choice.amount, deps.config.vatPercent),
    discountSource: choice.source,
    planChange: planChangeKind(current, asPlan(pkg), input.now),
    current: current ? { packageCode: current.packageCode, expiresAt: current.expiresAt } : null,
  }
}

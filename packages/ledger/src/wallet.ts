import { AppError, WALLET_PRODUCTS, type WalletProduct } from '@loa/contracts'
import { app as t } from '@loa/db'
import { and, eq, gte, isNull, or, sql } from 'drizzle-orm'
import { Counter } from 'prom-client'
import { LedgerErrorCode, userNotFound } from './errors.ts'
import type { Entry, EntryKind, Tx, Wallet } from './types.ts'

export const checkProduct = (product: string): WalletProduct => {
  if (!(WALLET_PRODUCTS as readonly string[]).includes(product))
    throw new AppError(
      LedgerErrorCode.INVALID_WALLET_PRODUCT,
      `No credits wallet for product ${product}`,
      400,
    )
  return product as WalletProduct
}

const walletKey = (userId: string, product: WalletProduct) =>
  and(eq(t.creditWallets.userId, userId), eq(t.creditWallets.product, product))

export const readWallet = async (tx: Tx, userId: string, product: WalletProduct): Promise<Wallet> => {
  const [row] = await tx.select().from(t.creditWallets).where(walletKey(userId, product))
  return {
    product,
    balance: row?.balance ?? 0,
    expiresAt: row?.expiresAt ?? null,
    packageCode: row?.packageCode ?? null,
  }
}

export const assertUser = async (tx: Tx, userId: string): Promise<void> => {
  const [user] = await tx.select({ id: t.users.id }).from(t.users).where(eq(t.users.id, userId))
  if (!user) throw userNotFound()
}

/**
 * Adds `amount` (> 0) to a wallet, creating it when absent. `expiresAt` (a paid period's end) moves the expiry
 * to the later date; without one the expiry stays, unless it had already passed (then the wallet no longer lapses).
 */
export const credit = async (
  tx: Tx,
  userId: string,
  product: WalletProduct,
  amount: number,
  options: { expiresAt?: Date | null; packageCode?: string | null } = {},
): Promise<number> => {
  const w = t.creditWallets
  const expiry = options.expiresAt ?? null
  const nextExpiry = expiry
    ? sql`greatest(coalesce(${w.expiresAt}, ${expiry}), ${expiry})`
    : sql`case when ${w.expiresAt} <= now() then null else ${w.expiresAt} end`
  const [row] = await tx
    .insert(w)
    .values({ userId, product, balance: amount, expiresAt: expiry, packageCode: options.packageCode ?? null })
    .onConflictDoUpdate({
      target: [w.userId, w.product],
      set: {
        balance: sql`${w.balance} + ${amount}`,
        expiresAt: nextExpiry,
        ...(options.packageCode ? { packageCode: options.packageCode } : {}),
        updatedAt: new Date(),
      },
    })
    .returning({ balance: w.balance })
  return row!.balance
}

/**
 * Takes `amount` (> 0) from a wallet only if it holds that much (and, when `live`, has not lapsed): one
 * conditional update, so concurrent debits can never take the balance below zero. Undefined when refused.
 */
export const debit = async (
  tx: Tx,
  userId: string,
  product: WalletProduct,
  amount: number,
  live: boolean,
): Promise<number | undefined> => {
  const w = t.creditWallets
  const conditions = [walletKey(userId, product), gte(w.balance, amount)]
  if (live) conditions.push(or(isNull(w.expiresAt), sql`${w.expiresAt} > now()`)!)
  const [row] = await tx
    .update(w)
    .set({ balance: sql`${w.balance} - ${amount}`, updatedAt: new Date() })
    .where(and(...conditions))
    .returning({ balance: w.balance })
  return row?.balance
}

/** Every ledger entry written (grant, reserve, charge, release, adjust, …) by kind and wallet product. */
const ledgerOperations = new Counter({
  name: 'loa_ledger_operations_total',
  help: 'Credit ledger entries written, by kind and product',
  labelNames: ['kind', 'product'] as const,
})

export const writeEntry = async (
  tx: Tx,
  values: Omit<typeof t.creditEntries.$inferInsert, 'id' | 'createdAt' | 'seq' | 'kind'> & {
    kind: EntryKind
    product: WalletProduct
  },
): Promise<Entry> => {
  const [row] = await tx.insert(t.creditEntries).values(values).returning()
  // Counted when written; a transaction rolled back afterwards still counts (an attempt the operator may see).
  ledgerOperations.inc({ kind: values.kind, product: values.product })
  return row as Entry
}

/** Serialises operations with one idempotency key until the transaction ends, then finds an earlier entry. */
export const claimKey = async (tx: Tx, key: string): Promise<Entry | undefined> => {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`ledger:${key}`}, 0))`)
  const [row] = await tx.select().from(t.creditEntries).where(eq(t.creditEntries.idempotencyKey, key))
  return row as Entry | undefined
}

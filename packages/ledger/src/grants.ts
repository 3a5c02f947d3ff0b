import { AppError, type WalletProduct } from '@loa/contracts'
import { app as t, type Db } from '@loa/db'
import { and, gt, lte } from 'drizzle-orm'
import { checkAmount, LedgerErrorCode } from './errors.ts'
import type { Entry, InTx, Tx } from './types.ts'
import { assertUser, checkProduct, claimKey, credit, debit, readWallet, writeEntry } from './wallet.ts'

export interface GrantInput extends InTx {
  userId: string
  product: WalletProduct
  amount: number
  reason: string
  reference?: string | null
  /** A repeated grant with the same key returns the first entry and adds nothing. */
  idempotencyKey?: string
  /** The end of the paid period these credits belong to (null or absent: they follow the wallet's expiry). */
  expiresAt?: Date | null
  packageCode?: string | null
}

export interface AdjustInput extends InTx {
  userId: string
  product: WalletProduct
  /** Positive adds, negative takes away (never below zero). */
  delta: number
  reason: string
  idempotencyKey: string
  actor?: string | null
  reference?: string | null
}

export interface RevokeInput extends InTx {
  userId: string
  product: WalletProduct
  amount: number
  reason: string
  idempotencyKey: string
  reference?: string | null
}

const requireReason = (reason: string) => {
  if (!reason.trim()) throw new AppError('VALIDATION_ERROR', 'A reason is required', 400)
}

export const createGrants = (
  db: Db,
  run: <T>(tx: Tx | undefined, fn: (tx: Tx) => Promise<T>) => Promise<T>,
) => {
  const grant = async (input: GrantInput): Promise<Entry> => {
    checkAmount(input.amount)
    const product = checkProduct(input.product)
    return run(input.tx, async (tx) => {
      if (input.idempotencyKey) {
        const earlier = await claimKey(tx, input.idempotencyKey)
        if (earlier) return earlier
      }
      await assertUser(tx, input.userId)
      const balance = await credit(tx, input.userId, product, input.amount, input)
      return writeEntry(tx, {
        userId: input.userId,
        product,
        kind: 'GRANT',
        amount: input.amount,
        delta: input.amount,
        balanceAfter: balance,
        reason: input.reason,
        reference: input.reference ?? null,
        idempotencyKey: input.idempotencyKey ?? null,
      })
    })
  }

  const adjust = async (input: AdjustInput): Promise<Entry> => {
    if (input.delta === 0 || !Number.isSafeInteger(input.delta)) checkAmount(0)
    checkAmount(Math.abs(input.delta))
    requireReason(input.reason)
    const product = checkProduct(input.product)
    return run(input.tx, async (tx) => {
      const earlier = await claimKey(tx, input.idempotencyKey)
      if (earlier) return earlier
      await assertUser(tx, input.userId)
      const balance =
        input.delta > 0
          ? await credit(tx, input.userId, product, input.delta)
          : await debit(tx, input.userId, product, -input.delta, false)
      if (balance === undefined) {
        const have = (await readWallet(tx, input.userId, product)).balance
        throw new AppError(
          LedgerErrorCode.CREDIT_ADJUSTMENT_TOO_LARGE,
          'The adjustment would take the balance below zero',
          409,
          { details: { balance: have, delta: input.delta, product } },
        )
      }
      return writeEntry(tx, {
        userId: input.userId,
        product,
        kind: 'ADJUST',
        amount: Math.abs(input.delta),
        delta: input.delta,
        balanceAfter: balance,
        reason: input.reason,
        reference: input.reference ?? null,
        idempotencyKey: input.idempotencyKey,
        actor: input.actor ?? null,
      })
    })
  }

  /** Takes back up to `amount` (what is left of a refunded package); the entry records what was taken. */
  const revoke = async (input: RevokeInput): Promise<Entry> => {
    checkAmount(input.amount)
    const product = checkProduct(input.product)
    return run(input.tx, async (tx) => {
      const earlier = await claimKey(tx, input.idempotencyKey)
      if (earlier) return earlier
      const wallet = await readWallet(tx, input.userId, product)
      const taken = Math.min(wallet.balance, input.amount)
      const balance = taken > 0 ? await debit(tx, input.userId, product, taken, false) : wallet.balance
      return writeEntry(tx, {
        userId: input.userId,
        product,
        kind: 'REVOKE',
        amount: taken,
        delta: -taken,
        balanceAfter: balance ?? wallet.balance,
        reason: input.reason,
        reference: input.reference ?? null,
        idempotencyKey: input.idempotencyKey,
      })
    })
  }

  /** Wallets whose expiry has passed drop to zero, one EXPIRE entry each; returns how many lapsed. */
  const expireDue = async (now = new Date()): Promise<number> => {
    const w = t.creditWallets
    const due = await db
      .select()
      .from(w)
      .where(and(lte(w.expiresAt, now), gt(w.balance, 0)))
    let lapsed = 0
    for (const wallet of due) {
      const product = checkProduct(wallet.product)
      const key = `expire:${wallet.userId}:${product}:${wallet.expiresAt!.toISOString()}`
      await db.transaction(async (tx) => {
        if (await claimKey(tx, key)) return
        const current = await readWallet(tx, wallet.userId, product)
        if (!current.expiresAt || current.expiresAt > now || current.balance <= 0) return
        await debit(tx, wallet.userId, product, current.balance, false)
        await writeEntry(tx, {
          userId: wallet.userId,
          product,
          kind: 'EXPIRE',
          amount: current.balance,
          delta: -current.balance,
          balanceAfter: 0,
          reason: `credits expired on ${current.expiresAt.toISOString()}`,
          reference: current.packageCode ? `package:${current.packageCode}` : null,
          idempotencyKey: key,
        })
        lapsed += 1
      })
    }
    return lapsed
  }

  return { grant, adjust, revoke, expireDue }
}

import type { app as t, Db } from '@loa/db'
import type { WalletProduct } from '@loa/contracts'

/** A transaction of the shared database. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]

export const ENTRY_KINDS = ['GRANT', 'RESERVATION', 'CHARGE', 'REFUND', 'ADJUST', 'REVOKE', 'EXPIRE'] as const
export type EntryKind = (typeof ENTRY_KINDS)[number]

export type Entry = Omit<typeof t.creditEntries.$inferSelect, 'kind' | 'product'> & {
  kind: EntryKind
  product: WalletProduct
}

export type Reservation = Omit<typeof t.creditReservations.$inferSelect, 'status' | 'product'> & {
  status: 'HELD' | 'CHARGED' | 'RELEASED'
  product: WalletProduct
}

export interface Wallet {
  product: WalletProduct
  balance: number
  expiresAt: Date | null
  packageCode: string | null
}

/** Every operation runs in the caller's transaction when given one, else in its own. */
export interface InTx {
  tx?: Tx
}

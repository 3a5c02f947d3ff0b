import { sql } from 'drizzle-orm'
import {
  bigint,
  bigserial,
  check,
  index,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { appSchema } from './schema.ts'

/**
 * A user's credits for one product (`aivoice` studio, `aivoiceapi` developer API, `aidubbing` dubbing): the
 * balance the ledger keeps, never negative, and when it lapses (null: never). Written only by `@loa/ledger`.
 */
export const creditWallets = appSchema.table(
  'credit_wallets',
  {
    userId: text('user_id').notNull(),
    product: text('product').notNull(),
    balance: bigint('balance', { mode: 'number' }).notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** The package that last filled the wallet. */
    packageCode: text('package_code'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.product] }),
    index('credit_wallets_expiry_idx').on(t.expiresAt),
    check('credit_wallets_balance_non_negative', sql`${t.balance} >= 0`),
  ],
)

/**
 * Credits ledger: every change of a user's balance is one entry. `delta` is the change of the available
 * balance (grant +, reservation −, refund +, charge 0 because the reservation already took it).
 */
export const creditEntries = appSchema.table(
  'credit_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Insertion order (entries of one transaction share created_at). */
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    userId: text('user_id').notNull(),
    product: text('product').notNull().default('aivoice'),
    kind: text('kind').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    delta: bigint('delta', { mode: 'number' }).notNull(),
    balanceAfter: bigint('balance_after', { mode: 'number' }).notNull(),
    reason: text('reason').notNull(),
    reference: text('reference'),
    reservationId: uuid('reservation_id'),
    /** Makes grants idempotent: a second grant with the same key is a no-op. */
    idempotencyKey: text('idempotency_key'),
    /** Who made an operator adjustment (the admin's user id); null for the system. */
    actor: text('actor'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('credit_entries_user_idx').on(t.userId, t.createdAt),
    uniqueIndex('credit_entries_idempotency_key').on(t.idempotencyKey),
  ],
)

/** Credits held for work in progress; charged (fully or partly) or released exactly once. */
export const creditReservations = appSchema.table(
  'credit_reservations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id').notNull(),
    product: text('product').notNull().default('aivoice'),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    charged: bigint('charged', { mode: 'number' }).notNull().default(0),
    status: text('status').notNull().default('HELD'),
    reason: text('reason').notNull(),
    reference: text('reference'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [
    index('credit_reservations_user_idx').on(t.userId),
    check('credit_reservations_amount_positive', sql`${t.amount} > 0`),
  ],
)

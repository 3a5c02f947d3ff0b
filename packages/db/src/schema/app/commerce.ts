import { bigint, index, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { appSchema } from './schema.ts'

/** Package orders. Status PAID is the one the studio reads (spec §3 order query). */
export const orders = appSchema.table(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id').notNull(),
    packageCode: text('package_code').notNull(),
    type: text('type').notNull(),
    status: text('status').notNull().default('PENDING'),
    price: bigint('price', { mode: 'number' }).notNull(),
    discount: bigint('discount', { mode: 'number' }).notNull().default(0),
    total: bigint('total', { mode: 'number' }).notNull(),
    voucherCode: text('voucher_code'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('orders_user_idx').on(t.userId, t.createdAt)],
)

/** Vouchers handed to one user (on top of the public ones). */
export const userVouchers = appSchema.table(
  'user_vouchers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id').notNull(),
    voucherCode: text('voucher_code').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('user_vouchers_user_idx').on(t.userId)],
)

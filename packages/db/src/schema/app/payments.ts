import { sql } from 'drizzle-orm'
import { bigint, index, jsonb, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { appSchema } from './schema.ts'

/**
 * Every authenticated payment notification (VNPay IPN, SePay / Casso bank webhooks, sandbox), one row per
 * provider transaction: the unique (provider, provider_txn_id) makes a replayed or concurrent duplicate a
 * no-op. `outcome` says what it did: PAID (the order became PAID in the same transaction), FAILED (the buyer
 * did not pay), REFUND_DUE (money for an order that can no longer be paid, or paid twice), AMOUNT_MISMATCH,
 * UNMATCHED (no order code in the memo, or an unknown one), IGNORED (outgoing transfer, notice for a closed order).
 * Forged notifications are never stored. Read by the back office to refund.
 */
export const paymentEvents = appSchema.table(
  'payment_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** vnpay | sepay | casso */
    provider: text('provider').notNull(),
    providerTxnId: text('provider_txn_id').notNull(),
    orderId: uuid('order_id'),
    orderCode: text('order_code'),
    /** Integer VND the provider reports. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    outcome: text('outcome').notNull(),
    /** The notification as received (params or body), for audits and refunds. */
    payload: jsonb('payload')
      .$type<Record<string, unknown>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    /** When an operator refunded a REFUND_DUE / AMOUNT_MISMATCH event. */
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payment_events_provider_txn_key').on(t.provider, t.providerTxnId),
    index('payment_events_order_idx').on(t.orderId),
    index('payment_events_outcome_idx').on(t.outcome, t.createdAt),
  ],
)

/**
 * Mails of the api (renewal reminders, receipts), the embedded outbox: `loa` operators read it, an SMTP relay
 * may send and stamp `sent_at`. `dedupe_key` keeps a scheduled job from writing the same mail twice.
 */
export const mailOutbox = appSchema.table(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id'),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    kind: text('kind').notNull(),
    dedupeKey: text('dedupe_key').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('mail_outbox_dedupe_key').on(t.dedupeKey), index('mail_outbox_user_idx').on(t.userId)],
)

import { bigint, index, integer, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { appSchema } from './schema.ts'

/**
 * Package orders (spec §3 order query). Written by the payments flow (apps/api/src/payments, rules in
 * @loa/payments): PENDING → PAID (credits granted in the same transaction) | CANCELLED | EXPIRED | FAILED.
 * Money is integer VND: total = price − discount + vat. See docs/ARCHITECTURE.md "Payments".
 */
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
    /** Human-readable order code (`LOA` + 8 base32), the bank transfer memo and VNPay's vnp_TxnRef. */
    code: text('code'),
    /** VIETQR (bank transfer), VNPAY or MOMO. */
    paymentMethod: text('payment_method'),
    /** The gateway's own pay page made for this order (MoMo's payUrl), shown again on the order page. */
    gatewayPayUrl: text('gateway_pay_url'),
    /** price − discount: what VAT is charged on. */
    subtotal: bigint('subtotal', { mode: 'number' }),
    vatPercent: integer('vat_percent').notNull().default(0),
    vat: bigint('vat', { mode: 'number' }).notNull().default(0),
    /** `voucher` or `first_paid_order` when a discount applies. */
    discountSource: text('discount_source'),
    /** Transfer memo the buyer must write (the order code). */
    memo: text('memo'),
    /** same_level | upgrade | downgrade; null for top-ups. */
    planChange: text('plan_change'),
    /** Characters granted when PAID, to the wallet of PRODUCT_OF_ORDER_TYPE[type]. */
    credits: bigint('credits', { mode: 'number' }),
    /** A PENDING order still unpaid at this time becomes EXPIRED. */
    payBy: timestamp('pay_by', { withTimezone: true }),
    /** The paid order this one renews (AUTO_RENEW packages); at most one renewal per order. */
    renewalOf: uuid('renewal_of'),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    /** VAT invoice request: buyer company, tax code, address, e-mail; when it was asked for. */
    invoiceCompany: text('invoice_company'),
    invoiceTaxCode: text('invoice_tax_code'),
    invoiceAddress: text('invoice_address'),
    invoiceEmail: text('invoice_email'),
    invoiceRequestedAt: timestamp('invoice_requested_at', { withTimezone: true }),
  },
  (t) => [
    index('orders_user_idx').on(t.userId, t.createdAt),
    uniqueIndex('orders_code_key').on(t.code),
    uniqueIndex('orders_renewal_of_key').on(t.renewalOf),
    index('orders_status_pay_by_idx').on(t.status, t.payBy),
  ],
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

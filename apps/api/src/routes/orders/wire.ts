import {
  CREDIT_UNITS,
  PRODUCT_OF_ORDER_TYPE,
  unitOfOrderType,
  WALLET_PRODUCTS,
  type OrderType,
} from '@loa/contracts'
import type { app as t } from '@loa/db'
import { z } from 'zod'
import { iso } from '../../lib/wire.ts'
import { PAYMENT_METHODS } from '../../payments/methods.ts'

type OrderRow = typeof t.orders.$inferSelect

/** REFUNDED is set by the back office's refund (routes/admin/order-actions.ts). */
export const ORDER_STATUS_FILTER = ['PENDING', 'PAID', 'CANCELLED', 'EXPIRED', 'FAILED', 'REFUNDED'] as const

export const invoiceWire = z.object({
  company_name: z.string(),
  tax_code: z.string(),
  address: z.string(),
  email: z.string(),
  requested_at: z.string(),
})

export const orderWire = z.object({
  id: z.string(),
  code: z.string().nullable(),
  package_code: z.string(),
  type: z.string(),
  /** The product (spec §1 id) the order is for. */
  product: z.enum(WALLET_PRODUCTS),
  status: z.string(),
  payment_method: z.string().nullable(),
  price: z.number(),
  discount: z.number(),
  discount_source: z.string().nullable(),
  subtotal: z.number(),
  vat_percent: z.number(),
  vat: z.number(),
  total: z.number(),
  amount: z.number(),
  currency: z.literal('VND'),
  voucher_code: z.string().nullable(),
  memo: z.string().nullable(),
  plan_change: z.string().nullable(),
  credits: z.number().nullable().describe('Credits granted when PAID, counted in `unit`'),
  unit: z
    .enum(CREDIT_UNITS)
    .describe('What one credit is: CHARACTER (studio, API) or SECOND of dubbed timeline (dubbing)'),
  pay_by: z.string().nullable(),
  paid_at: z.string().nullable(),
  expires_at: z.string().nullable(),
  closed_at: z.string().nullable(),
  renewal_of: z.string().nullable(),
  created_at: z.string(),
  in_use: z.boolean(),
  invoice: invoiceWire.nullable(),
})

export type OrderWire = z.infer<typeof orderWire>

/** An order on the wire; `amount` is what the buyer pays (= total, integer VND with VAT). */
export const orderToWire = (o: OrderRow, currentPackage: string | null): OrderWire => ({
  id: o.id,
  code: o.code,
  package_code: o.packageCode,
  type: o.type,
  product: PRODUCT_OF_ORDER_TYPE[o.type as OrderType],
  status: o.status,
  payment_method: o.paymentMethod,
  price: o.price,
  discount: o.discount,
  discount_source: o.discountSource,
  subtotal: o.subtotal ?? o.price - o.discount,
  vat_percent: o.vatPercent,
  vat: o.vat,
  total: o.total,
  amount: o.total,
  currency: 'VND',
  voucher_code: o.voucherCode,
  memo: o.memo,
  plan_change: o.planChange,
  credits: o.credits,
  unit: unitOfOrderType(o.type as OrderType),
  pay_by: iso(o.payBy),
  paid_at: iso(o.paidAt),
  expires_at: iso(o.expiresAt),
  closed_at: iso(o.closedAt),
  renewal_of: o.renewalOf,
  created_at: o.createdAt.toISOString(),
  in_use: o.status === 'PAID' && o.packageCode === currentPackage,
  invoice: o.invoiceRequestedAt
    ? {
        company_name: o.invoiceCompany ?? '',
        tax_code: o.invoiceTaxCode ?? '',
        address: o.invoiceAddress ?? '',
        email: o.invoiceEmail ?? '',
        requested_at: o.invoiceRequestedAt.toISOString(),
      }
    : null,
})

export const paymentWire = z.object({
  method: z.enum(PAYMENT_METHODS),
  sandbox: z.boolean(),
  qr_payload: z.string().optional(),
  memo: z.string().optional(),
  bank: z
    .object({ bin: z.string(), account_number: z.string(), account_name: z.string(), bank_name: z.string() })
    .optional(),
  pay_url: z.string().optional(),
})

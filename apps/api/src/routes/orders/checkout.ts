import { AppError, CREDIT_UNITS, ok, unitOfOrderType, type OrderType } from '@loa/contracts'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { app as t } from '@loa/db'
import { eq } from 'drizzle-orm'
import { z } from 'zod'
import { insertOrder, PAYMENT_METHODS } from '../../payments/checkout.ts'
import { paymentsContext } from '../../payments/context.ts'
import { PaymentErrorCode } from '../../payments/errors.ts'
import { quoteOrder, type Quote } from '../../payments/quote.ts'
import { settleFreeOrder, type OrderRow } from '../../payments/settle.ts'
import { createMomoPayment } from '../../payments/momo.ts'
import { envelope, iso } from '../../lib/wire.ts'
import { idempotent } from '../../plugins/idempotency.ts'
import { orderToWire, orderWire, paymentWire } from './wire.ts'

const quoteBody = z.object({
  package_code: z.string().trim().min(1).max(60),
  voucher_code: z.string().trim().max(60).optional(),
})

const quoteWire = z.object({
  package_code: z.string(),
  package_name: z.string(),
  type: z.string(),
  cycle: z.string().nullable(),
  kind: z.string(),
  credits: z.number().describe('Credits the package grants, counted in `unit`'),
  unit: z
    .enum(CREDIT_UNITS)
    .describe('What one credit is: CHARACTER (studio, API) or SECOND of dubbed timeline (dubbing)'),
  price: z.number(),
  discount: z.number(),
  discount_source: z.string().nullable(),
  voucher_code: z.string().nullable(),
  subtotal: z.number(),
  vat_percent: z.number(),
  vat: z.number(),
  total: z.number(),
  plan_change: z.string().nullable(),
  current_package_code: z.string().nullable(),
  current_expires_at: z.string().nullable(),
})

const quoteToWire = (q: Quote): z.infer<typeof quoteWire> => ({
  package_code: q.package.code,
  package_name: q.package.name,
  type: q.package.type,
  cycle: q.package.cycle,
  kind: q.package.kind,
  credits: q.package.credits,
  unit: unitOfOrderType(q.package.type as OrderType),
  price: q.price.price,
  discount: q.price.discount,
  subtotal: q.price.subtotal,
  vat_percent: q.price.vatPercent,
  vat: q.price.vat,
  total: q.price.total,
  discount_source: q.discountSource?.kind ?? null,
  voucher_code: q.discountSource?.kind === 'voucher' ? q.discountSource.code : null,
  plan_change: q.planChange,
  current_package_code: q.current?.packageCode ?? null,
  current_expires_at: iso(q.current?.expiresAt ?? null),
})

/** MoMo's pay page for a new MOMO order, kept on the order; if MoMo cannot make one the order FAILS at once. */
const withMomoPayUrl = async (
  payments: ReturnType<typeof paymentsContext>,
  order: OrderRow,
  locale: 'vi' | 'en' | undefined,
): Promise<OrderRow> => {
  const { db, config } = payments
  try {
    const gatewayPayUrl = await createMomoPayment(config.momo, order, {
      apiPublicUrl: payments.apiPublicUrl,
      locale: locale ?? 'vi',
    })
    const [row] = await db
      .update(t.orders)
      .set({ gatewayPayUrl })
      .where(eq(t.orders.id, order.id))
      .returning()
    return row!
  } catch (error) {
    await db.update(t.orders).set({ status: 'FAILED', closedAt: new Date() }).where(eq(t.orders.id, order.id))
    throw error
  }
}

/** Pricing a package (VAT, the one discount, plan change) and turning it into a PENDING order. */
export const checkoutRoutes: FastifyPluginAsyncZod = async (app) => {
  const payments = paymentsContext(app)

  app.post(
    '/orders/quote',
    {
      schema: {
        tags: ['orders'],
        summary: 'Price a package for the caller: VAT, voucher or first-order discount, plan change kind',
        security: [{ bearer: [] }],
        body: quoteBody,
        response: { 200: envelope(quoteWire) },
      },
    },
    async (request) => {
      const quote = await quoteOrder(payments, {
        userId: request.profile!.id,
        packageCode: request.body.package_code,
        voucherCode: request.body.voucher_code || undefined,
        now: new Date(),
      })
      return ok(quoteToWire(quote))
    },
  )

  app.post(
    '/orders',
    {
      // `Idempotency-Key`: a retried checkout answers the first order, never a second one (issue 37).
      ...idempotent(payments.db, (request) => `user:${request.profile!.id}`),
      schema: {
        tags: ['orders'],
        summary: 'Create a PENDING order and how to pay it (VietQR transfer or VNPay redirect)',
        security: [{ bearer: [] }],
        body: quoteBody.extend({
          payment_method: z.enum(PAYMENT_METHODS),
          locale: z.enum(['vi', 'en']).optional(),
        }),
        response: { 200: envelope(z.object({ order: orderWire, payment: paymentWire.nullable() })) },
      },
    },
    async (request) => {
      const now = new Date()
      const userId = request.profile!.id
      const method = payments.config.methods[request.body.payment_method]
      if (method.mode === 'off')
        throw new AppError(
          PaymentErrorCode.PAYMENT_METHOD_UNAVAILABLE,
          `${method.method} is not offered: its settings are incomplete`,
          400,
        )
      const quote = await quoteOrder(payments, {
        userId,
        packageCode: request.body.package_code,
        voucherCode: request.body.voucher_code || undefined,
        now,
      })
      const payBy = new Date(now.getTime() + payments.config.orderTtlMinutes * 60_000)
      let order = (await insertOrder(payments.db, {
        userId,
        quote,
        method: request.body.payment_method,
        now,
        payBy,
      }))!
      if (order.total === 0)
        order = (await settleFreeOrder(payments.db, payments.ledger, order, now)) ?? order
      else if (order.paymentMethod === 'MOMO')
        order = await withMomoPayUrl(payments, order, request.body.locale)
      return ok({
        order: orderToWire(order, request.profile!.packageCode),
        payment:
          order.status === 'PENDING' ? payments.instructionsFor(order, request, request.body.locale) : null,
      })
    },
  )
}

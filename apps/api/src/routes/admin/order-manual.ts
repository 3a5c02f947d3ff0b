import { AppError, ok } from '@loa/contracts'
import { app as t } from '@loa/db'
import { and, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { ApiErrorCode } from '../../errors.ts'
import { envelope, line } from '../../lib/wire.ts'
import { PaymentErrorCode } from '../../payments/errors.ts'
import { recordNotificationIn } from '../../payments/settle.ts'
import { writeAudit, type Tx } from './audit.ts'

const orderResult = envelope(z.object({ order_code: z.string(), status: z.string() }))

/**
 * The operator finishes a bank-transfer order by hand (issue 28): marks an unpaid VietQR order paid against the
 * bank transaction it saw (reference and amount, which must be the order's total), or cancels it. Both take a
 * reason and write an audit row in the same transaction. Paying goes through the webhook's own path (a payment
 * event unique per reference, then the grant), so one bank transaction never pays twice, by hand or by webhook.
 */
export const orderManualRoutes = (parent: FastifyInstance): void => {
  const app = parent.withTypeProvider<ZodTypeProvider>()

  const pendingBankOrder = async (tx: Tx, code: string) => {
    const [order] = await tx.select().from(t.orders).where(eq(t.orders.code, code))
    if (!order) throw new AppError(PaymentErrorCode.ORDER_NOT_FOUND, 'Order not found', 404)
    if (order.status !== 'PENDING')
      throw new AppError(PaymentErrorCode.ORDER_NOT_PENDING, `Order ${code} is ${order.status}`, 409)
    return order
  }

  app.post(
    '/orders/:code/mark-paid',
    {
      schema: {
        tags: ['admin'],
        summary:
          'Mark an unpaid VietQR order paid against a bank transaction (admin): the amount must be the total; credits granted once',
        security: [{ bearer: [] }],
        params: z.object({ code: z.string().min(1).max(60) }),
        body: z.object({
          bank_reference: z
            .string()
            .trim()
            .min(3)
            .max(100)
            .describe("The bank transaction's reference (as on the statement); one reference pays one order"),
          amount: z.number().int().min(1).describe('Integer VND the bank statement shows'),
          reason: line(500, 3),
        }),
        response: { 200: orderResult },
      },
    },
    async (request) => {
      const code = request.params.code.toUpperCase()
      const { bank_reference: reference, amount, reason } = request.body
      await app.ctx.db.transaction(async (tx) => {
        const order = await pendingBankOrder(tx, code)
        if (order.paymentMethod !== 'VIETQR')
          throw new AppError(
            PaymentErrorCode.ORDER_NOT_BANK_TRANSFER,
            `Order ${code} is paid by ${order.paymentMethod}, not by bank transfer`,
            409,
          )
        if (amount !== order.total)
          throw new AppError(
            ApiErrorCode.PAYMENT_AMOUNT_MISMATCH,
            `The transfer (${amount} VND) is not the order's total (${order.total} VND)`,
            409,
            { details: { amount, total: order.total } },
          )
        const outcome = await recordNotificationIn(
          tx,
          app.ctx.ledger,
          {
            provider: 'manual',
            providerTxnId: reference,
            order,
            orderCode: code,
            amount,
            outcome: 'PAID',
            payload: { bank_reference: reference, amount, reason, operator: request.profile?.id ?? null },
          },
          new Date(),
        )
        if (outcome === 'duplicate')
          throw new AppError(
            PaymentErrorCode.BANK_REFERENCE_USED,
            `Bank transaction ${reference} was already recorded`,
            409,
          )
        if (outcome !== 'PAID')
          throw new AppError(PaymentErrorCode.ORDER_NOT_PENDING, `Order ${code} is no longer pending`, 409)
        await writeAudit(tx, request, {
          action: 'order.mark_paid',
          targetType: 'order',
          targetId: order.id,
          before: { status: order.status, total: order.total },
          after: { status: 'PAID', credits: order.credits, bank_reference: reference, amount },
          reason,
        })
      })
      return ok({ order_code: code, status: 'PAID' })
    },
  )

  app.post(
    '/orders/:code/cancel',
    {
      schema: {
        tags: ['admin'],
        summary: 'Cancel an unpaid order (admin); a transfer that arrives later is recorded for refund',
        security: [{ bearer: [] }],
        params: z.object({ code: z.string().min(1).max(60) }),
        body: z.object({ reason: line(500, 3) }),
        response: { 200: orderResult },
      },
    },
    async (request) => {
      const code = request.params.code.toUpperCase()
      await app.ctx.db.transaction(async (tx) => {
        const order = await pendingBankOrder(tx, code)
        const [changed] = await tx
          .update(t.orders)
          .set({ status: 'CANCELLED', closedAt: new Date() })
          .where(and(eq(t.orders.id, order.id), eq(t.orders.status, 'PENDING')))
          .returning()
        if (!changed)
          throw new AppError(PaymentErrorCode.ORDER_NOT_PENDING, `Order ${code} is no longer pending`, 409)
        await writeAudit(tx, request, {
          action: 'order.cancel',
          targetType: 'order',
          targetId: order.id,
          before: { status: order.status },
          after: { status: 'CANCELLED' },
          reason: request.body.reason,
        })
      })
      return ok({ order_code: code, status: 'CANCELLED' })
    },
  )
}

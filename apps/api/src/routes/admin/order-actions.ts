import { AppError, ok, PRODUCT_OF_ORDER_TYPE, type OrderType } from '@loa/contracts'
import { app as t } from '@loa/db'
import { and, desc, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { ApiErrorCode } from '../../errors.ts'
import { envelope, iso, line } from '../../lib/wire.ts'
import { PaymentErrorCode } from '../../payments/errors.ts'
import { markPaid } from '../../payments/settle.ts'
import { writeAudit, type Tx } from './audit.ts'
import { orderFilter, orderWhere } from './orders.ts'

/** Events an operator may match by hand to an order: money that arrived without a usable order code. */
const MATCHABLE = new Set(['UNMATCHED', 'AMOUNT_MISMATCH'])
/** Events an operator closes after paying the money back outside (bank, VNPay's refund page). */
const RESOLVABLE = new Set(['REFUND_DUE', 'AMOUNT_MISMATCH', 'UNMATCHED'])
const EXPORT_LIMIT = 50_000

/** A payment event still open for an operator action of the given kinds, read in the caller transaction. */
const openEvent = async (tx: Tx, id: string, allowed: Set<string>, refusal: string) => {
  const [event] = await tx.select().from(t.paymentEvents).where(eq(t.paymentEvents.id, id))
  if (!event) throw new AppError(ApiErrorCode.PAYMENT_EVENT_NOT_FOUND, 'Payment event not found', 404)
  if (!allowed.has(event.outcome) || event.resolvedAt)
    throw new AppError(ApiErrorCode.PAYMENT_EVENT_NOT_MATCHABLE, `A ${event.outcome} event ${refusal}`, 409)
  return event
}

const csvCell = (v: unknown) => {
  const s = v == null ? '' : v instanceof Date ? v.toISOString() : String(v)
  // Quote everything; a leading = + - @ is prefixed so a spreadsheet never runs it as a formula.
  return `"${(/^[=+\-@]/.test(s) ? `'${s}` : s).replace(/"/g, '""')}"`
}

/** Commands on orders and payments: match a transfer, refund, resolve an event, export CSV. All audited. */
export const orderActionRoutes = (parent: FastifyInstance): void => {
  const app = parent.withTypeProvider<ZodTypeProvider>()
  const ledger = () => app.ctx.ledger

  app.post(
    '/payments/events/:id/match',
    {
      schema: {
        tags: ['admin'],
        summary: 'Match an unmatched bank transfer to a pending order (admin): the order is paid and granted',
        security: [{ bearer: [] }],
        params: z.object({ id: z.uuid() }),
        body: z.object({ order_code: z.string().trim().min(3).max(60), reason: line(500, 3) }),
        response: { 200: envelope(z.object({ order_code: z.string(), status: z.string() })) },
      },
    },
    async (request) => {
      const code = request.body.order_code.toUpperCase()
      await app.ctx.db.transaction(async (tx) => {
        const event = await openEvent(tx, request.params.id, MATCHABLE, 'cannot be matched')
        const [order] = await tx.select().from(t.orders).where(eq(t.orders.code, code))
        if (!order) throw new AppError(PaymentErrorCode.ORDER_NOT_FOUND, 'Order not found', 404)
        if (event.amount !== order.total)
          throw new AppError(
            ApiErrorCode.PAYMENT_AMOUNT_MISMATCH,
            `The transfer (${event.amount} VND) is not the order's total (${order.total} VND)`,
            409,
            { details: { amount: event.amount, total: order.total } },
          )
        const paid = await markPaid(tx, ledger(), order.id, new Date())
        if (!paid)
          throw new AppError(PaymentErrorCode.ORDER_NOT_PENDING, `Order ${code} is ${order.status}`, 409)
        await tx
          .update(t.paymentEvents)
          .set({ orderId: order.id, orderCode: code, outcome: 'PAID', resolvedAt: new Date() })
          .where(eq(t.paymentEvents.id, event.id))
        await writeAudit(tx, request, {
          action: 'order.match_transfer',
          targetType: 'order',
          targetId: order.id,
          before: { status: order.status, event: { id: event.id, outcome: event.outcome } },
          after: { status: paid.status, credits: paid.credits, event: { id: event.id, outcome: 'PAID' } },
          reason: request.body.reason,
        })
      })
      return ok({ order_code: code, status: 'PAID' })
    },
  )

  app.post(
    '/orders/:code/refund',
    {
      schema: {
        tags: ['admin'],
        summary:
          "Refund a paid order (admin): REFUNDED, the package's credits revoked (what is left of them)",
        security: [{ bearer: [] }],
        params: z.object({ code: z.string().min(1).max(60) }),
        body: z.object({ reason: line(500, 3) }),
        response: {
          200: envelope(
            z.object({ order_code: z.string(), status: z.string(), credits_revoked: z.number() }),
          ),
        },
      },
    },
    async (request) => {
      const { code } = request.params
      const revoked = await app.ctx.db.transaction(async (tx) => {
        const [order] = await tx.select().from(t.orders).where(eq(t.orders.code, code))
        if (!order) throw new AppError(PaymentErrorCode.ORDER_NOT_FOUND, 'Order not found', 404)
        const [changed] = await tx
          .update(t.orders)
          .set({ status: 'REFUNDED', closedAt: new Date() })
          .where(and(eq(t.orders.id, order.id), eq(t.orders.status, 'PAID')))
          .returning()
        if (!changed)
          throw new AppError(
            ApiErrorCode.ORDER_NOT_REFUNDABLE,
            `Order ${code} is ${order.status}, not PAID`,
            409,
          )
        const product = PRODUCT_OF_ORDER_TYPE[order.type as OrderType]
        const entry =
          (order.credits ?? 0) > 0
            ? await ledger().revoke({
                userId: order.userId,
                product,
                amount: order.credits!,
                reason: `refund of order ${code}: ${request.body.reason}`,
                reference: `refund:${code}`,
                idempotencyKey: `refund:${order.id}`,
                tx,
              })
            : null
        await writeAudit(tx, request, {
          action: 'order.refund',
          targetType: 'order',
          targetId: order.id,
          before: { status: order.status, total: order.total },
          after: { status: changed.status, product, credits_revoked: entry?.amount ?? 0 },
          reason: request.body.reason,
        })
        return entry?.amount ?? 0
      })
      return ok({ order_code: code, status: 'REFUNDED', credits_revoked: revoked })
    },
  )

  app.post(
    '/payments/events/:id/resolve',
    {
      schema: {
        tags: ['admin'],
        summary: 'Close a refund-due or unmatched payment event after paying the money back (admin)',
        security: [{ bearer: [] }],
        params: z.object({ id: z.uuid() }),
        body: z.object({ reason: line(500, 3) }),
        response: { 200: envelope(z.object({ id: z.string(), resolved_at: z.string() })) },
      },
    },
    async (request) => {
      const now = new Date()
      await app.ctx.db.transaction(async (tx) => {
        const event = await openEvent(tx, request.params.id, RESOLVABLE, 'needs no refund')
        await tx.update(t.paymentEvents).set({ resolvedAt: now }).where(eq(t.paymentEvents.id, event.id))
        await writeAudit(tx, request, {
          action: 'payment_event.resolve',
          targetType: 'payment_event',
          targetId: event.id,
          before: { outcome: event.outcome, resolved_at: null },
          after: { outcome: event.outcome, resolved_at: now.toISOString() },
          reason: request.body.reason,
        })
      })
      return ok({ id: request.params.id, resolved_at: now.toISOString() })
    },
  )

  app.get(
    '/orders.csv',
    {
      schema: {
        tags: ['admin'],
        summary: 'Orders matching the filter as CSV (admin), newest first',
        security: [{ bearer: [] }],
        querystring: orderFilter,
      },
    },
    async (request, reply) => {
      const rows = await app.ctx.db
        .select()
        .from(t.orders)
        .where(orderWhere(request.query))
        .orderBy(desc(t.orders.createdAt))
        .limit(EXPORT_LIMIT)
      const header = [
        'code',
        'user_id',
        'package_code',
        'type',
        'status',
        'payment_method',
        'price',
        'discount',
        'vat',
        'total',
        'voucher_code',
        'memo',
        'created_at',
        'paid_at',
      ]
      const lines = rows.map((o) =>
        [
          o.code,
          o.userId,
          o.packageCode,
          o.type,
          o.status,
          o.paymentMethod,
          o.price,
          o.discount,
          o.vat,
          o.total,
          o.voucherCode,
          o.memo,
          iso(o.createdAt),
          iso(o.paidAt),
        ]
          .map(csvCell)
          .join(','),
      )
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="orders.csv"')
        .send(`\uFEFF${[header.join(','), ...lines].join('\r\n')}\r\n`)
    },
  )
}

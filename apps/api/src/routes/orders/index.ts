import { AppError, ORDER_TYPES, ok } from '@loa/contracts'
import { app as t } from '@loa/db'
import { and, desc, eq, ne, sql, type SQL } from 'drizzle-orm'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { PaymentErrorCode } from '../../payments/errors.ts'
import { paymentsContext } from '../../payments/context.ts'
import { envelope, line, pagination } from '../../lib/wire.ts'
import { signedIn } from '../../plugins/profile.ts'
import { checkoutRoutes } from './checkout.ts'
import { ORDER_STATUS_FILTER, orderToWire, orderWire, paymentWire } from './wire.ts'

/** An order code (`LOA` + 8, any case) or, for older links, the order's id. */
const codeParams = z.object({ code: z.union([z.uuid(), z.string().regex(/^LOA[0-9A-Za-z]{8}$/)]) })

/**
 * The caller's orders. `usage_package=true|false` keeps the orders of the package in use (or the others);
 * any other value is a package code. One order by its code (or id), its cancellation and VAT invoice request.
 */
export const ordersRoutes: FastifyPluginAsyncZod = async (app) => {
  signedIn(app)
  const payments = paymentsContext(app)
  const { db } = payments

  const ownOrder = async (userId: string, code: string) => {
    const byId = code.length === 36
    const [row] = await db
      .select()
      .from(t.orders)
      .where(
        and(
          byId ? eq(t.orders.id, code) : eq(t.orders.code, code.toUpperCase()),
          eq(t.orders.userId, userId),
        ),
      )
    if (!row) throw new AppError(PaymentErrorCode.ORDER_NOT_FOUND, 'Order not found', 404)
    return row
  }

  app.get(
    '/orders',
    {
      schema: {
        tags: ['orders'],
        summary: 'The caller’s orders',
        security: [{ bearer: [] }],
        querystring: z.object({
          usage_package: z.string().trim().max(60).optional(),
          type: z.enum(ORDER_TYPES).optional(),
          status: z.enum(ORDER_STATUS_FILTER).optional(),
          ...pagination(20, 100),
        }),
        response: { 200: envelope(z.object({ total: z.number(), items: z.array(orderWire) })) },
      },
    },
    async (request) => {
      const q = request.query
      const user = request.profile!
      const where: SQL[] = [eq(t.orders.userId, user.id)]
      if (q.type) where.push(eq(t.orders.type, q.type))
      if (q.status) where.push(eq(t.orders.status, q.status))
      if (q.usage_package === 'true') where.push(eq(t.orders.packageCode, user.packageCode ?? ''))
      else if (q.usage_package === 'false') where.push(ne(t.orders.packageCode, user.packageCode ?? ''))
      else if (q.usage_package) where.push(eq(t.orders.packageCode, q.usage_package))
      const [rows, [count]] = await Promise.all([
        db
          .select()
          .from(t.orders)
          .where(and(...where))
          .orderBy(desc(t.orders.createdAt), desc(t.orders.id))
          .offset(q.offset)
          .limit(q.limit),
        db
          .select({ n: sql<number>`count(*)::int` })
          .from(t.orders)
          .where(and(...where)),
      ])
      return ok({ total: count?.n ?? 0, items: rows.map((o) => orderToWire(o, user.packageCode)) })
    },
  )

  app.get(
    '/orders/:code',
    {
      schema: {
        tags: ['orders'],
        summary: 'One of the caller’s orders by code (404 for anyone else’s); how to pay it while PENDING',
        security: [{ bearer: [] }],
        params: codeParams,
        response: { 200: envelope(orderWire.extend({ payment: paymentWire.nullable() })) },
      },
    },
    async (request) => {
      const row = await ownOrder(request.profile!.id, request.params.code)
      return ok({
        ...orderToWire(row, request.profile!.packageCode),
        payment: row.status === 'PENDING' && row.code ? payments.instructionsFor(row, request) : null,
      })
    },
  )

  app.post(
    '/orders/:code/cancel',
    {
      schema: {
        tags: ['orders'],
        summary: 'Cancel a PENDING order (a payment arriving later is recorded for refund)',
        security: [{ bearer: [] }],
        params: codeParams,
        response: { 200: envelope(orderWire) },
      },
    },
    async (request) => {
      const row = await ownOrder(request.profile!.id, request.params.code)
      const [cancelled] = await db
        .update(t.orders)
        .set({ status: 'CANCELLED', closedAt: new Date() })
        .where(and(eq(t.orders.id, row.id), eq(t.orders.status, 'PENDING')))
        .returning()
      if (!cancelled)
        throw new AppError(PaymentErrorCode.ORDER_NOT_PENDING, 'Only a pending order can be cancelled', 409)
      return ok(orderToWire(cancelled, request.profile!.packageCode))
    },
  )

  app.put(
    '/orders/:code/invoice',
    {
      schema: {
        tags: ['orders'],
        summary: 'Request a VAT invoice for an order (company name, tax code, address, e-mail)',
        security: [{ bearer: [] }],
        params: codeParams,
        body: z.object({
          company_name: line(200),
          tax_code: z
            .string()
            .trim()
            .regex(/^\d{10}(-\d{3})?$/, 'a Vietnamese tax code has 10 digits (or 10-3 for a branch)'),
          address: line(300),
          email: z.email().max(200),
        }),
        response: { 200: envelope(orderWire) },
      },
    },
    async (request) => {
      const row = await ownOrder(request.profile!.id, request.params.code)
      if (row.status === 'CANCELLED' || row.status === 'EXPIRED' || row.status === 'FAILED')
        throw new AppError(PaymentErrorCode.ORDER_NOT_PENDING, 'A closed order has no invoice', 409)
      const b = request.body
      const [updated] = await db
        .update(t.orders)
        .set({
          invoiceCompany: b.company_name,
          invoiceTaxCode: b.tax_code,
          invoiceAddress: b.address,
          invoiceEmail: b.email,
          invoiceRequestedAt: new Date(),
        })
        .where(eq(t.orders.id, row.id))
        .returning()
      return ok(orderToWire(updated!, request.profile!.packageCode))
    },
  )

  await app.register(checkoutRoutes)
}

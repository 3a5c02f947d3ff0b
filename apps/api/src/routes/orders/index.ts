import { AppError, CommonErrorCode, ORDER_TYPES, ok } from '@loa/contracts'
import { app as t } from '@loa/db'
import { and, desc, eq, ne, sql, type SQL } from 'drizzle-orm'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { envelope, iso, pagination } from '../../lib/wire.ts'
import { signedIn } from '../../plugins/profile.ts'

type OrderRow = typeof t.orders.$inferSelect

const ORDER_STATUS_FILTER = ['PENDING', 'PAID', 'CANCELLED'] as const

const orderWire = z.object({
  id: z.string(),
  package_code: z.string(),
  type: z.string(),
  status: z.string(),
  price: z.number(),
  discount: z.number(),
  total: z.number(),
  currency: z.literal('VND'),
  voucher_code: z.string().nullable(),
  paid_at: z.string().nullable(),
  expires_at: z.string().nullable(),
  created_at: z.string(),
  in_use: z.boolean(),
})

const toWire = (o: OrderRow, currentPackage: string | null): z.infer<typeof orderWire> => ({
  id: o.id,
  package_code: o.packageCode,
  type: o.type,
  status: o.status,
  price: o.price,
  discount: o.discount,
  total: o.total,
  currency: 'VND',
  voucher_code: o.voucherCode,
  paid_at: iso(o.paidAt),
  expires_at: iso(o.expiresAt),
  created_at: o.createdAt.toISOString(),
  in_use: o.packageCode === currentPackage,
})

/**
 * The caller's orders. `usage_package=true|false` keeps the orders of the package in use (or the others);
 * any other value is a package code.
 */
export const ordersRoutes: FastifyPluginAsyncZod = async (app) => {
  signedIn(app)

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
        app.ctx.db
          .select()
          .from(t.orders)
          .where(and(...where))
          .orderBy(desc(t.orders.createdAt), desc(t.orders.id))
          .offset(q.offset)
          .limit(q.limit),
        app.ctx.db
          .select({ n: sql<number>`count(*)::int` })
          .from(t.orders)
          .where(and(...where)),
      ])
      return ok({ total: count?.n ?? 0, items: rows.map((o) => toWire(o, user.packageCode)) })
    },
  )

  app.get(
    '/orders/:id',
    {
      schema: {
        tags: ['orders'],
        summary: 'One of the caller’s orders (404 for anyone else’s)',
        security: [{ bearer: [] }],
        params: z.object({ id: z.uuid() }),
        response: { 200: envelope(orderWire) },
      },
    },
    async (request) => {
      const [row] = await app.ctx.db
        .select()
        .from(t.orders)
        .where(and(eq(t.orders.id, request.params.id), eq(t.orders.userId, request.profile!.id)))
      if (!row) throw new AppError(CommonErrorCode.NOT_FOUND, 'Order not found', 404)
      return ok(toWire(row, request.profile!.packageCode))
    },
  )
}

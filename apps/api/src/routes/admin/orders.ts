import { AppError, ok } from '@loa/contracts'
import { app as t } from '@loa/db'
import { and, asc, count, desc, eq, gte, ilike, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { containing } from '../../lib/like.ts'
import { envelope, iso, pagination } from '../../lib/wire.ts'
import { PAYMENT_METHODS } from '../../payments/checkout.ts'
import { PaymentErrorCode } from '../../payments/errors.ts'
import { orderToWire } from '../orders/wire.ts'

/** Statuses an operator filters by (REFUNDED is set by the back-office's refund). */
export const ADMIN_ORDER_STATUSES = ['PENDING', 'PAID', 'CANCELLED', 'EXPIRED', 'FAILED', 'REFUNDED'] as const
export const EVENT_OUTCOMES = [
  'PAID',
  'FAILED',
  'REFUND_DUE',
  'AMOUNT_MISMATCH',
  'UNMATCHED',
  'IGNORED',
] as const

/** A real calendar date YYYY-MM-DD (2026-13-01 and 2026-02-30 are refused). */
const day = () =>
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'a date YYYY-MM-DD')
    .refine((v) => {
      const d = new Date(`${v}T00:00:00Z`)
      return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(v)
    }, 'not a calendar date')
    .optional()

export const orderFilter = z.object({
  status: z.enum(ADMIN_ORDER_STATUSES).optional(),
  method: z.enum(PAYMENT_METHODS).optional(),
  /** Created on or after this Vietnamese calendar day, and before the day after `to`. */
  from: day(),
  to: day(),
  /** Order code, transfer memo, user id, or part of the buyer's e-mail or name. */
  q: z.string().trim().max(100).optional(),
})

/** Orders of the users whose e-mail or name contains the text. */
const boughtByMatching = (text: string): SQL => {
  const pattern = containing(text)
  return sql`${t.orders.userId} in (select ${t.users.id} from ${t.users} where ${t.users.email} ilike ${pattern} or ${t.users.name} ilike ${pattern})`
}

/** Midnight of a calendar day in Vietnam (UTC+7, no daylight saving). */
const dayStart = (date: string) => new Date(`${date}T00:00:00+07:00`)

/** The WHERE of an order filter (also used by the CSV export). */
export const orderWhere = (f: z.infer<typeof orderFilter>): SQL | undefined => {
  const where: SQL[] = []
  if (f.status) where.push(eq(t.orders.status, f.status))
  if (f.method) where.push(eq(t.orders.paymentMethod, f.method))
  if (f.from) where.push(gte(t.orders.createdAt, dayStart(f.from)))
  if (f.to) where.push(lt(t.orders.createdAt, new Date(dayStart(f.to).getTime() + 86_400_000)))
  if (f.q)
    where.push(
      or(
        eq(t.orders.code, f.q.toUpperCase()),
        ilike(t.orders.memo, containing(f.q)),
        eq(t.orders.userId, f.q),
        boughtByMatching(f.q),
      )!,
    )
  return where.length ? and(...where) : undefined
}

const eventWire = (e: typeof t.paymentEvents.$inferSelect) => ({
  id: e.id,
  provider: e.provider,
  provider_txn_id: e.providerTxnId,
  order_id: e.orderId,
  order_code: e.orderCode,
  amount: e.amount,
  outcome: e.outcome,
  payload: e.payload,
  resolved_at: iso(e.resolvedAt),
  created_at: e.createdAt.toISOString(),
})

type Buyer = { email: string | null; name: string | null }

const adminOrderWire = (o: typeof t.orders.$inferSelect, buyer: Buyer | undefined) => ({
  ...orderToWire(o, null),
  user_id: o.userId,
  user_email: buyer?.email ?? null,
  user_name: buyer?.name ?? null,
})

/** The buyers of a page of orders, by id (one query). */
const buyersOf = async (db: FastifyInstance['ctx']['db'], orders: { userId: string }[]) => {
  const ids = [...new Set(orders.map((o) => o.userId))]
  if (ids.length === 0) return new Map<string, Buyer>()
  const rows = await db
    .select({ id: t.users.id, email: t.users.email, name: t.users.name })
    .from(t.users)
    .where(inArray(t.users.id, ids))
  return new Map(rows.map((r) => [r.id, r]))
}

const page = z.object({ total: z.number(), items: z.array(z.unknown()) })

/** Read side of orders and payments: filtered pages, one order with its payment timeline, payment events. */
export const orderReadRoutes = (parent: FastifyInstance): void => {
  const app = parent.withTypeProvider<ZodTypeProvider>()

  app.get(
    '/orders',
    {
      schema: {
        tags: ['admin'],
        summary: 'Orders (admin) by status, method, dates, code/memo/user; newest first',
        security: [{ bearer: [] }],
        querystring: orderFilter.extend(pagination(20, 100)),
        response: { 200: envelope(page) },
      },
    },
    async (request) => {
      const { offset, limit, ...filter } = request.query
      const where = orderWhere(filter)
      const [rows, [total]] = await Promise.all([
        app.ctx.db
          .select()
          .from(t.orders)
          .where(where)
          .orderBy(desc(t.orders.createdAt))
          .offset(offset)
          .limit(limit),
        app.ctx.db.select({ n: count() }).from(t.orders).where(where),
      ])
      const buyers = await buyersOf(app.ctx.db, rows)
      return ok({ total: total?.n ?? 0, items: rows.map((o) => adminOrderWire(o, buyers.get(o.userId))) })
    },
  )

  app.get(
    '/orders/:code',
    {
      schema: {
        tags: ['admin'],
        summary: 'One order (admin) with its payment events and audit trail, oldest first',
        security: [{ bearer: [] }],
        params: z.object({ code: z.string().min(1).max(60) }),
        response: { 200: envelope(z.unknown()) },
      },
    },
    async (request) => {
      const [order] = await app.ctx.db.select().from(t.orders).where(eq(t.orders.code, request.params.code))
      if (!order) throw new AppError(PaymentErrorCode.ORDER_NOT_FOUND, 'Order not found', 404)
      const [events, audit] = await Promise.all([
        app.ctx.db
          .select()
          .from(t.paymentEvents)
          .where(eq(t.paymentEvents.orderId, order.id))
          .orderBy(asc(t.paymentEvents.createdAt)),
        app.ctx.db
          .select()
          .from(t.auditLog)
          .where(and(eq(t.auditLog.targetType, 'order'), eq(t.auditLog.targetId, order.id)))
          .orderBy(asc(t.auditLog.id)),
      ])
      return ok({
        order: adminOrderWire(order, (await buyersOf(app.ctx.db, [order])).get(order.userId)),
        events: events.map(eventWire),
        audit: audit.map((a) => ({
          action: a.action,
          actor_email: a.actorEmail ?? a.actorId,
          reason: a.reason,
          created_at: a.createdAt.toISOString(),
        })),
      })
    },
  )

  app.get(
    '/payments/events',
    {
      schema: {
        tags: ['admin'],
        summary: 'Payment notifications (admin) by outcome; unresolved only when asked',
        security: [{ bearer: [] }],
        querystring: z.object({
          ...pagination(20, 100),
          outcome: z.enum(EVENT_OUTCOMES).optional(),
          unresolved: z.enum(['true', 'false']).optional(),
        }),
        response: { 200: envelope(page) },
      },
    },
    async (request) => {
      const { offset, limit, outcome, unresolved } = request.query
      const where: SQL[] = []
      if (outcome) where.push(eq(t.paymentEvents.outcome, outcome))
      if (unresolved === 'true') where.push(isNull(t.paymentEvents.resolvedAt))
      const filter = where.length ? and(...where) : undefined
      const [rows, [total]] = await Promise.all([
        app.ctx.db
          .select()
          .from(t.paymentEvents)
          .where(filter)
          .orderBy(desc(t.paymentEvents.createdAt))
          .offset(offset)
          .limit(limit),
        app.ctx.db.select({ n: count() }).from(t.paymentEvents).where(filter),
      ])
      return ok({ total: total?.n ?? 0, items: rows.map(eventWire) })
    },
  )
}

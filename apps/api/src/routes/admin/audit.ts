import { ok } from '@loa/contracts'
import { app as t, type Db } from '@loa/db'
import { and, count, desc, eq, gte, lt, type SQL } from 'drizzle-orm'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { envelope, iso, pagination } from '../../lib/wire.ts'

/** A transaction handle (or the database itself) that an audit row is written through. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]

export interface AuditEntry {
  action: string
  targetType: string
  targetId: string
  before?: unknown
  after?: unknown
  reason?: string | null
}

/** JSON-safe copy (dates as ISO strings) so before/after read the same as the API's answers. */
const plain = (value: unknown): unknown =>
  value === undefined ? null : (JSON.parse(JSON.stringify(value)) as unknown)

/**
 * Writes one audit row for the operator of `request`. Call it with the transaction of the change itself, so the
 * change and its audit row commit or roll back together.
 */
export const writeAudit = async (tx: Tx, request: FastifyRequest, entry: AuditEntry): Promise<void> => {
  await tx.insert(t.auditLog).values({
    actorId: request.auth!.sub,
    actorEmail: request.auth!.email ?? null,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId,
    before: plain(entry.before),
    after: plain(entry.after),
    reason: entry.reason ?? null,
    ip: request.ip,
  })
}

const auditWire = (row: typeof t.auditLog.$inferSelect) => ({
  id: row.id,
  actor_id: row.actorId,
  actor_email: row.actorEmail,
  action: row.action,
  target_type: row.targetType,
  target_id: row.targetId,
  before: row.before,
  after: row.after,
  reason: row.reason,
  ip: row.ip,
  created_at: iso(row.createdAt)!,
})

const at = () =>
  z.iso
    .datetime({ offset: true })
    .transform((v) => new Date(v))
    .optional()

/** `GET /audit`: the audit log, newest first, filterable by action, target and actor; read-only by design. */
export const auditRoutes = (parent: FastifyInstance): void => {
  const app = parent.withTypeProvider<ZodTypeProvider>()
  app.get(
    '/audit',
    {
      schema: {
        tags: ['admin'],
        summary: 'The audit log (admin), newest first',
        security: [{ bearer: [] }],
        querystring: z.object({
          ...pagination(50, 200),
          action: z.string().max(100).optional(),
          target_type: z.string().max(50).optional(),
          target_id: z.string().max(200).optional(),
          actor_id: z.string().max(200).optional(),
          from: at(),
          to: at(),
        }),
        response: {
          200: envelope(z.object({ total: z.number(), items: z.array(z.unknown()) })),
        },
      },
    },
    async (request) => {
      const q = request.query
      const where: SQL[] = []
      if (q.action) where.push(eq(t.auditLog.action, q.action))
      if (q.target_type) where.push(eq(t.auditLog.targetType, q.target_type))
      if (q.target_id) where.push(eq(t.auditLog.targetId, q.target_id))
      if (q.actor_id) where.push(eq(t.auditLog.actorId, q.actor_id))
      if (q.from) where.push(gte(t.auditLog.createdAt, q.from))
      if (q.to) where.push(lt(t.auditLog.createdAt, q.to))
      const filter = where.length ? and(...where) : undefined
      const db = app.ctx.db
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(t.auditLog)
          .where(filter)
          .orderBy(desc(t.auditLog.id))
          .offset(q.offset)
          .limit(q.limit),
        db.select({ n: count() }).from(t.auditLog).where(filter),
      ])
      return ok({ total: total?.n ?? 0, items: rows.map(auditWire) })
    },
  )
}

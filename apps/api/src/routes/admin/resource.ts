import { AppError, camelizeKeys, ok } from '@loa/contracts'
import { asc, count, eq } from 'drizzle-orm'
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { ApiErrorCode } from '../../errors.ts'
import { envelope, pagination } from '../../lib/wire.ts'
import { writeAudit } from './audit.ts'

const isUniqueViolation = (error: unknown): boolean => {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause)
    if ((e as { code?: string }).code === '23505') return true
  return false
}

export interface AdminResource<Row> {
  /** Collection path, e.g. `/voices`. */
  path: string
  /** Name of the natural key in the URL and body (`code`, `slug`). */
  key: string
  /** The audit log's target type and action prefix, e.g. `voice` (`voice.create`, `voice.update`). */
  entity: string
  table: PgTable
  keyColumn: PgColumn
  /** Create schema (snake_case, no defaults: the database supplies them). */
  create: z.ZodObject
  toWire: (row: Row) => unknown
  notFound: string
  tag: string
  /** Extra checks on the merged row (create or patch), e.g. date order. */
  check?: (row: Row) => string | undefined
  /** Also `GET {path}`: every row, active or not, paged, ordered by `orderBy` then the key (the back-office). */
  list?: { orderBy?: PgColumn }
}

/**
 * Admin writes for one catalogue resource: `POST {path}` creates, `PATCH {path}/:key` edits the fields given.
 * The key is immutable; a duplicate key is CODE_ALREADY_EXISTS (409); a rejected write changes nothing.
 * Each write and its audit row (before/after as the API shows them) are one transaction.
 */
export const registerAdminResource = <Row extends Record<string, unknown>>(
  parent: FastifyInstance,
  r: AdminResource<Row>,
): void => {
  const app = parent.withTypeProvider<ZodTypeProvider>()
  const keyShape = r.create.shape[r.key] as z.ZodType<string>
  const patch = r.create
    .omit({ [r.key]: true } as never)
    .partial()
    .refine((v) => Object.keys(v).length > 0, 'give at least one field to change')

  const validate = (row: Row) => {
    const problem = r.check?.(row)
    if (problem) throw new AppError('VALIDATION_FAILED', problem, 400)
  }

  if (r.list)
    app.get(
      r.path,
      {
        schema: {
          tags: [r.tag],
          summary: 'Every row, active or not (admin), paged',
          security: [{ bearer: [] }],
          querystring: z.object(pagination(50, 200)),
          response: { 200: envelope(z.object({ total: z.number(), items: z.array(z.unknown()) })) },
        },
      },
      async (request) => {
        const { offset, limit } = request.query
        const order = r.list!.orderBy ? [asc(r.list!.orderBy), asc(r.keyColumn)] : [asc(r.keyColumn)]
        const [rows, [total]] = await Promise.all([
          app.ctx.db
            .select()
            .from(r.table)
            .orderBy(...order)
            .offset(offset)
            .limit(limit),
          app.ctx.db.select({ n: count() }).from(r.table),
        ])
        return ok({ total: total?.n ?? 0, items: rows.map((row) => r.toWire(row as Row)) })
      },
    )

  app.post(
    r.path,
    {
      schema: {
        tags: [r.tag],
        summary: `Create (admin)`,
        security: [{ bearer: [] }],
        body: r.create,
        response: { 200: envelope(z.unknown()) },
      },
    },
    async (request) => {
      const values = camelizeKeys<Row>(request.body)
      validate(values)
      try {
        const wire = await app.ctx.db.transaction(async (tx) => {
          const [row] = await tx.insert(r.table).values(values).returning()
          const after = r.toWire(row as Row)
          await writeAudit(tx, request, {
            action: `${r.entity}.create`,
            targetType: r.entity,
            targetId: String((row as Record<string, unknown>)[r.key]),
            after,
          })
          return after
        })
        app.ctx.catalogueCache.clear()
        return ok(wire)
      } catch (error) {
        if (isUniqueViolation(error))
          throw new AppError(ApiErrorCode.CODE_ALREADY_EXISTS, `${r.key} already exists`, 409)
        throw error
      }
    },
  )

  app.patch(
    `${r.path}/:${r.key}`,
    {
      schema: {
        tags: [r.tag],
        summary: `Edit (admin)`,
        security: [{ bearer: [] }],
        params: z.object({ [r.key]: keyShape }),
        body: patch,
        response: { 200: envelope(z.unknown()) },
      },
    },
    async (request) => {
      const key = (request.params as Record<string, string>)[r.key]!
      const changes = camelizeKeys<Partial<Row>>(request.body)
      const wire = await app.ctx.db.transaction(async (tx) => {
        const [current] = await tx.select().from(r.table).where(eq(r.keyColumn, key))
        if (!current) throw new AppError(r.notFound, `${r.key} ${key} not found`, 404)
        validate({ ...(current as Row), ...changes })
        const [updated] = await tx
          .update(r.table)
          .set({ ...changes, ...('updatedAt' in (current as object) ? { updatedAt: new Date() } : {}) })
          .where(eq(r.keyColumn, key))
          .returning()
        const after = r.toWire(updated as Row)
        await writeAudit(tx, request, {
          action: `${r.entity}.update`,
          targetType: r.entity,
          targetId: key,
          before: r.toWire(current as Row),
          after,
        })
        return after
      })
      app.ctx.catalogueCache.clear()
      return ok(wire)
    },
  )
}

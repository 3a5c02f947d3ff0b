import { AppError, camelizeKeys, ok } from '@loa/contracts'
import { eq } from 'drizzle-orm'
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { ApiErrorCode } from '../../errors.ts'
import { envelope } from '../../lib/wire.ts'

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
  table: PgTable
  keyColumn: PgColumn
  /** Create schema (snake_case, no defaults: the database supplies them). */
  create: z.ZodObject
  toWire: (row: Row) => unknown
  notFound: string
  tag: string
  /** Extra checks on the merged row (create or patch), e.g. date order. */
  check?: (row: Row) => string | undefined
}

/**
 * Admin writes for one catalogue resource: `POST {path}` creates, `PATCH {path}/:key` edits the fields given.
 * The key is immutable; a duplicate key is CODE_ALREADY_EXISTS (409); a rejected write changes nothing.
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
        const [row] = await app.ctx.db.insert(r.table).values(values).returning()
        app.ctx.catalogueCache.clear()
        return ok(r.toWire(row as Row))
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
      const row = await app.ctx.db.transaction(async (tx) => {
        const [current] = await tx.select().from(r.table).where(eq(r.keyColumn, key))
        if (!current) throw new AppError(r.notFound, `${r.key} ${key} not found`, 404)
        validate({ ...(current as Row), ...changes })
        const [updated] = await tx
          .update(r.table)
          .set({ ...changes, ...('updatedAt' in (current as object) ? { updatedAt: new Date() } : {}) })
          .where(eq(r.keyColumn, key))
          .returning()
        return updated as Row
      })
      app.ctx.catalogueCache.clear()
      return ok(r.toWire(row))
    },
  )
}

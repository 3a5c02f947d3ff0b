import { ok } from '@loa/contracts'
import { app as t, type Db } from '@loa/db'
import { and, eq, sql, type SQL } from 'drizzle-orm'
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { envelope } from '../../lib/wire.ts'
import { USAGE_TIME_ZONE, usageRange, type UsageRange } from '../../services/app-usage.ts'

export const DASHBOARD_RANGES = ['7', '30', '90'] as const

/** A constant (never user input): a literal, so the select and GROUP BY expressions are the same. */
const zone = sql.raw(`'${USAGE_TIME_ZONE}'`)

type Metrics = Record<string, SQL>

/** Per Vietnamese calendar day of `range`: the given aggregates of rows whose `at` falls in it, zero-filled. */
const perDay = async <M extends Metrics>(
  db: Db,
  table: PgTable,
  at: PgColumn,
  range: UsageRange,
  metrics: M,
  where?: SQL,
): Promise<({ date: string } & { [K in keyof M]: number })[]> => {
  const select: Record<string, SQL> = { date: sql<string>`to_char(${at} at time zone ${zone}, 'YYYY-MM-DD')` }
  for (const [name, expr] of Object.entries(metrics)) select[name] = expr.mapWith(Number)
  const rows = (await db
    .select(select)
    .from(table)
    .where(
      and(
        sql`${at} >= (${range.from}::date::timestamp at time zone ${zone})`,
        sql`${at} < ((${range.to}::date + 1)::timestamp at time zone ${zone})`,
        where,
      ),
    )
    .groupBy(sql`1`)) as Record<string, unknown>[]
  const found = new Map(rows.map((row) => [row.date as string, row]))
  return range.dates.map((date) => {
    const row = found.get(date)
    const out: Record<string, unknown> = { date }
    for (const name of Object.keys(metrics)) out[name] = (row?.[name] as number | undefined) ?? 0
    return out as { date: string } & { [K in keyof M]: number }
  })
}

/**
 * `GET /dashboard?days=7|30|90`: the business per day (sign-ups, characters by product, paid orders, demo) and the
 * payment set-up warnings (PAYMENT_CONFIG_INCOMPLETE).
 */
export const dashboardRoutes = (parent: FastifyInstance): void => {
  const app = parent.withTypeProvider<ZodTypeProvider>()
  app.get(
    '/dashboard',
    {
      schema: {
        tags: ['admin'],
        summary: 'Business figures per day (admin), Vietnamese calendar days',
        security: [{ bearer: [] }],
        querystring: z.object({ days: z.enum(DASHBOARD_RANGES).default('30') }),
        response: { 200: envelope(z.unknown()) },
      },
    },
    async (request) => {
      const range = usageRange({ days: request.query.days })
      const db = app.ctx.db
      const s = t.synthesisRequests
      const charged = (source: string) =>
        sql`coalesce(sum(${s.chargedCharacters}) filter (where ${s.source} = ${source}), 0)`
      const [signups, characters, orders, demo] = await Promise.all([
        perDay(db, t.users, t.users.createdAt, range, { signups: sql`count(*)` }),
        perDay(
          db,
          s,
          s.finishedAt,
          range,
          { aivoice: charged('STUDIO'), aivoiceapi: charged('API') },
          eq(s.status, 'SUCCESS'),
        ),
        perDay(
          db,
          t.orders,
          t.orders.paidAt,
          range,
          { paid_orders: sql`count(*)`, revenue: sql`coalesce(sum(${t.orders.total}), 0)` },
          eq(t.orders.status, 'PAID'),
        ),
        perDay(db, t.demoEvents, t.demoEvents.createdAt, range, {
          plays: sql`count(*)`,
          clicks: sql`coalesce(sum(${t.demoEvents.click}), 0)`,
        }),
      ])
      // Payment methods not offered because their settings are incomplete (the start-up lines, issue 28).
      const payment_warnings = app.ctx.config.payments.warnings
      return ok({ from: range.from, to: range.to, signups, characters, orders, demo, payment_warnings })
    },
  )
}

import { ok } from '@loa/contracts'
import { app as t } from '@loa/db'
import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { localeQuery, requestLocale } from '../../lib/locale.ts'
import { envelope } from '../../lib/wire.ts'
import { signedIn } from '../../plugins/profile.ts'
import { bestFirst, liveVoucher, localizedVoucher, voucherToWire, voucherWire } from './serialize.ts'

/**
 * Vouchers for the signed-in user: public ones for their audience (NEW_USER until the first paid order,
 * PAID_USER after) plus the ones handed to them personally and not used yet.
 */
export const userVoucherRoutes: FastifyPluginAsyncZod = async (app) => {
  signedIn(app)
  const db = app.ctx.db

  const hasPaidOrder = async (userId: string) => {
    const [row] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(t.orders)
      .where(and(eq(t.orders.userId, userId), eq(t.orders.status, 'PAID')))
    return (row?.n ?? 0) > 0
  }

  const available = async (userId: string) => {
    const paid = await hasPaidOrder(userId)
    const granted = db
      .select({ code: t.userVouchers.voucherCode })
      .from(t.userVouchers)
      .where(and(eq(t.userVouchers.userId, userId), isNull(t.userVouchers.usedAt)))
    const rows = await db
      .select()
      .from(t.vouchers)
      .where(
        and(
          liveVoucher(new Date()),
          or(
            and(
              eq(t.vouchers.isPublic, true),
              inArray(t.vouchers.audience, ['ALL', paid ? 'PAID_USER' : 'NEW_USER']),
            ),
            inArray(t.vouchers.code, granted),
          ),
        ),
      )
      .orderBy(...bestFirst)
    return { paid, rows }
  }

  const listSchema = { 200: envelope(z.object({ total: z.number(), items: z.array(voucherWire) })) }

  app.get(
    '/vouchers',
    {
      schema: {
        tags: ['vouchers'],
        querystring: z.object(localeQuery),
        summary: 'Vouchers the caller can use',
        security: [{ bearer: [] }],
        response: listSchema,
      },
    },
    async (request) => {
      const { rows } = await available(request.profile!.id)
      return ok({
        total: rows.length,
        items: rows.map((v) => voucherToWire(localizedVoucher(v, requestLocale(request)))),
      })
    },
  )

  app.get(
    '/vouchers/banner/user',
    {
      schema: {
        tags: ['vouchers'],
        querystring: z.object(localeQuery),
        summary: 'The voucher the banner shows to the caller',
        security: [{ bearer: [] }],
        response: { 200: envelope(z.object({ voucher: voucherWire.nullable() })) },
      },
    },
    async (request) => {
      const { rows } = await available(request.profile!.id)
      const best = rows.find((v) => v.showBanner)
      return ok({ voucher: best ? voucherToWire(localizedVoucher(best, requestLocale(request))) : null })
    },
  )

  app.get(
    '/vouchers/paid-orders',
    {
      schema: {
        tags: ['vouchers'],
        querystring: z.object(localeQuery),
        summary: 'Vouchers for customers with a paid order (empty before the first one)',
        security: [{ bearer: [] }],
        response: listSchema,
      },
    },
    async (request) => {
      if (!(await hasPaidOrder(request.profile!.id))) return ok({ total: 0, items: [] })
      const rows = await db
        .select()
        .from(t.vouchers)
        .where(and(liveVoucher(new Date()), eq(t.vouchers.audience, 'PAID_USER')))
        .orderBy(...bestFirst)
      return ok({
        total: rows.length,
        items: rows.map((v) => voucherToWire(localizedVoucher(v, requestLocale(request)))),
      })
    },
  )
}

import { ok } from '@loa/contracts'
import { app as t } from '@loa/db'
import { and, eq } from 'drizzle-orm'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { localeQuery } from '../../lib/locale.ts'
import { envelope } from '../../lib/wire.ts'
import { bestFirst, liveVoucher, voucherFor, voucherListFor, voucherWire } from './serialize.ts'

/** Public vouchers: the list, and the one the landing banner shows. */
export const publicVoucherRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/public-vouchers',
    {
      schema: {
        tags: ['vouchers'],
        querystring: z.object(localeQuery),
        summary: 'Public vouchers usable now',
        response: { 200: envelope(z.object({ total: z.number(), items: z.array(voucherWire) })) },
      },
    },
    async (request) => {
      const rows = await app.ctx.db
        .select()
        .from(t.vouchers)
        .where(and(liveVoucher(new Date()), eq(t.vouchers.isPublic, true)))
        .orderBy(...bestFirst)
      return ok(voucherListFor(request, rows))
    },
  )
  app.get(
    '/vouchers/banner',
    {
      schema: {
        tags: ['vouchers'],
        querystring: z.object(localeQuery),
        summary: 'The voucher shown on the landing banner (visitors)',
        response: { 200: envelope(z.object({ voucher: voucherWire.nullable() })) },
      },
    },
    async (request) => {
      const [row] = await app.ctx.db
        .select()
        .from(t.vouchers)
        .where(
          and(
            liveVoucher(new Date()),
            eq(t.vouchers.isPublic, true),
            eq(t.vouchers.showBanner, true),
            eq(t.vouchers.audience, 'ALL'),
          ),
        )
        .orderBy(...bestFirst)
        .limit(1)
      return ok({ voucher: row ? voucherFor(request, row) : null })
    },
  )
}

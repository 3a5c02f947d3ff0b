import { ok } from '@loa/contracts'
import { app as t } from '@loa/db'
import { and, eq, inArray, isNull, or } from 'drizzle-orm'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { localeQuery } from '../../lib/locale.ts'
import { envelope } from '../../lib/wire.ts'
import { createFlagReader } from '../../payments/flags.ts'
import { hasPaidOrder } from '../../payments/quote.ts'
import { signedIn } from '../../plugins/profile.ts'
import { bannerOffer } from './banner-offer.ts'
import { bestFirst, liveVoucher, voucherFor, voucherListFor, voucherWire } from './serialize.ts'

/**
 * Vouchers for the signed-in user: public ones for their audience (NEW_USER until the first paid order,
 * PAID_USER after) plus the ones handed to them personally and not used yet.
 */
export const userVoucherRoutes: FastifyPluginAsyncZod = async (app) => {
  signedIn(app)
  const db = app.ctx.db
  const payments = app.ctx.config.payments
  const flagsOf = createFlagReader(payments.flags)

  const available = async (userId: string) => {
    const paid = await hasPaidOrder(db, userId)
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
      return ok(voucherListFor(request, rows))
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
        response: {
          200: envelope(
            z.object({
              voucher: voucherWire.nullable(),
              first_order: z
                .object({
                  discount_percent: z
                    .number()
                    .describe('Percent off the first paid order, applied at checkout'),
                })
                .nullable()
                .describe(
                  'The first-paid-order discount, when it is on for the caller and larger than any banner voucher; at most one of `voucher` and `first_order` is set',
                ),
            }),
          ),
        },
      },
    },
    async (request) => {
      const userId = request.profile!.id
      const { paid, rows } = await available(userId)
      const best = rows.find((v) => v.showBanner)
      const firstOrderPercent =
        !paid && (await flagsOf(userId)).firstPaidDiscount ? payments.firstOrderDiscountPercent : 0
      const offer = bannerOffer(best, firstOrderPercent)
      return ok({
        voucher: offer === 'voucher' && best ? voucherFor(request, best) : null,
        first_order: offer === 'first_order' ? { discount_percent: firstOrderPercent } : null,
      })
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
      if (!(await hasPaidOrder(db, request.profile!.id))) return ok({ total: 0, items: [] })
      const rows = await db
        .select()
        .from(t.vouchers)
        .where(and(liveVoucher(new Date()), eq(t.vouchers.audience, 'PAID_USER')))
        .orderBy(...bestFirst)
      return ok(voucherListFor(request, rows))
    },
  )
}

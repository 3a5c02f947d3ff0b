import { BILLING_CYCLES, ORDER_TYPES, PACKAGE_FAMILIES, PACKAGE_KINDS, ok } from '@loa/contracts'
import { app as t } from '@loa/db'
import { and, asc, eq, type SQL } from 'drizzle-orm'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { priceOrder } from '@loa/payments'
import { z } from 'zod'
import { localeQuery, requestLocale } from '../../lib/locale.ts'
import { envelope, line, queryBool } from '../../lib/wire.ts'
import { localizedPackage, packageToWire, packageWire } from './serialize.ts'

/** A package of the price list with what it costs at checkout (issue 28: a card says whether VAT is included). */
const listedPackage = packageWire.extend({
  vat_percent: z.number().describe('VAT (percent) checkout charges on top of `price`'),
  price_with_vat: z
    .number()
    .describe('What the buyer pays without a discount: `price` plus VAT, integer VND (the checkout total)'),
})

/** GET /packages — price list (the landing page asks for active, purchasable, is_landing_page). */
export const listPackagesRoute: FastifyPluginAsyncZod = async (app) => {
  const { vatPercent } = app.ctx.config.payments
  app.get(
    '/packages',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'List packages',
        querystring: z.object({
          active: queryBool(),
          purchasable: queryBool(),
          is_landing_page: queryBool(),
          type: z.enum(ORDER_TYPES).optional(),
          family: z.enum(PACKAGE_FAMILIES).optional(),
          cycle: z.enum(BILLING_CYCLES).optional(),
          kind: z.enum(PACKAGE_KINDS).optional(),
          code: line(60).optional(),
          ...localeQuery,
        }),
        response: { 200: envelope(z.object({ total: z.number(), items: z.array(listedPackage) })) },
      },
    },
    async (request) => {
      const locale = requestLocale(request)
      return app.ctx.catalogueCache.get(`packages:${locale}:${JSON.stringify(request.query)}`, async () => {
        const q = request.query
        const where: SQL[] = []
        if (q.active !== undefined) where.push(eq(t.packages.active, q.active))
        if (q.purchasable !== undefined) where.push(eq(t.packages.purchasable, q.purchasable))
        if (q.is_landing_page !== undefined) where.push(eq(t.packages.isLandingPage, q.is_landing_page))
        if (q.type) where.push(eq(t.packages.type, q.type))
        if (q.family) where.push(eq(t.packages.family, q.family))
        if (q.cycle) where.push(eq(t.packages.cycle, q.cycle))
        if (q.kind) where.push(eq(t.packages.kind, q.kind))
        if (q.code) where.push(eq(t.packages.code, q.code))
        const rows = await app.ctx.db
          .select()
          .from(t.packages)
          .where(where.length ? and(...where) : undefined)
          .orderBy(asc(t.packages.rank), asc(t.packages.price), asc(t.packages.id))
        const items = rows.map((p) => ({
          ...packageToWire(localizedPackage(p, locale)),
          vat_percent: vatPercent,
          price_with_vat: priceOrder(p.price, 0, vatPercent).total,
        }))
        return ok({ total: rows.length, items })
      })
    },
  )
}

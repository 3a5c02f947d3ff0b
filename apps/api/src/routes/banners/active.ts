import { ok } from '@loa/contracts'
import { app as t } from '@loa/db'
import { and, asc, eq, gt, isNull, lte, or, type SQL } from 'drizzle-orm'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { localeQuery, requestLocale } from '../../lib/locale.ts'
import { envelope, line } from '../../lib/wire.ts'
import { bannerToWire, bannerWire, localizedBanner } from './serialize.ts'

/** GET /banners/active — banners live now; the popup is the one of type LANDING_PAGE_POPUP. */
export const activeBannersRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/banners/active',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'Active banners',
        querystring: z.object({ type: line(60).optional(), ...localeQuery }),
        response: { 200: envelope(z.object({ banners: z.array(bannerWire) })) },
      },
    },
    async (request) => {
      const locale = requestLocale(request)
      return app.ctx.catalogueCache.get(`banners:${locale}:${request.query.type ?? ''}`, async () => {
        const now = new Date()
        const where: SQL[] = [
          eq(t.banners.active, true),
          or(isNull(t.banners.startsAt), lte(t.banners.startsAt, now))!,
          or(isNull(t.banners.endsAt), gt(t.banners.endsAt, now))!,
        ]
        if (request.query.type) where.push(eq(t.banners.type, request.query.type))
        const rows = await app.ctx.db
          .select()
          .from(t.banners)
          .where(and(...where))
          .orderBy(asc(t.banners.rank), asc(t.banners.id))
        return ok({ banners: rows.map((b) => bannerToWire(localizedBanner(b, locale))) })
      })
    },
  )
}

import { AppError, ok } from '@loa/contracts'
import { app as t } from '@loa/db'
import { eq, sql } from 'drizzle-orm'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { ApiErrorCode } from '../../errors.ts'
import { envelope } from '../../lib/wire.ts'

export const affiliateCode = () =>
  z
    .string()
    .trim()
    .min(1)
    .max(64)
    .regex(/^[A-Za-z0-9_-]+$/, 'letters, digits, - and _ only')

/** PUT /affiliateMarketer/increase-number-of-clicks — counts a click on a referral link (public). */
export const affiliateClicksRoute: FastifyPluginAsyncZod = async (app) => {
  app.put(
    '/affiliateMarketer/increase-number-of-clicks',
    {
      config: { rateLimit: { max: app.ctx.config.rateLimits.publicWrites, timeWindow: '1 minute' } },
      schema: {
        tags: ['marketing'],
        summary: 'Count a referral-link click',
        body: z.object({ code: affiliateCode() }),
        response: { 200: envelope(z.object({ code: z.string(), number_of_clicks: z.number() })) },
      },
    },
    async (request) => {
      const [row] = await app.ctx.db
        .update(t.affiliateMarketers)
        .set({ numberOfClicks: sql`${t.affiliateMarketers.numberOfClicks} + 1` })
        .where(eq(t.affiliateMarketers.code, request.body.code))
        .returning()
      if (!row) throw new AppError(ApiErrorCode.AFFILIATE_CODE_NOT_FOUND, 'Unknown affiliate code', 404)
      return ok({ code: row.code, number_of_clicks: row.numberOfClicks })
    },
  )
}

import { AppError, ok } from '@loa/contracts'
import { app as t } from '@loa/db'
import { and, eq, sql } from 'drizzle-orm'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { ApiErrorCode } from '../../errors.ts'
import { envelope, queryBool } from '../../lib/wire.ts'

/**
 * GET /shortlink/{code} — resolves a short link. JSON `{code, url}` by default (the web client reads
 * `result.url` and navigates); `?redirect=true` answers 302 to the target for links opened directly.
 */
export const shortlinkRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/shortlink/:code',
    {
      schema: {
        tags: ['marketing'],
        summary: 'Resolve a short link',
        params: z.object({
          code: z
            .string()
            .min(1)
            .max(64)
            .regex(/^[A-Za-z0-9_-]+$/),
        }),
        querystring: z.object({ redirect: queryBool() }),
        response: {
          200: envelope(z.object({ code: z.string(), url: z.string(), number_of_clicks: z.number() })),
          302: z.null().describe('Redirect to the target (with ?redirect=true)'),
        },
      },
    },
    async (request, reply) => {
      const [row] = await app.ctx.db
        .update(t.shortlinks)
        .set({ numberOfClicks: sql`${t.shortlinks.numberOfClicks} + 1` })
        .where(and(eq(t.shortlinks.code, request.params.code), eq(t.shortlinks.active, true)))
        .returning()
      if (!row) throw new AppError(ApiErrorCode.SHORTLINK_NOT_FOUND, 'Unknown short link', 404)
      if (request.query.redirect) return reply.redirect(row.targetUrl, 302)
      return ok({ code: row.code, url: row.targetUrl, number_of_clicks: row.numberOfClicks })
    },
  )
}

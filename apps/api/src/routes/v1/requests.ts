import { app as t } from '@loa/db'
import { v1RequestOf } from '@loa/synthesis'
import { and, count, desc, eq, inArray, isNull } from 'drizzle-orm'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { pagination } from '../../lib/wire.ts'
import { synthesisContext } from '../../services/synthesis-context.ts'
import { v1ErrorResponses, v1Request, v1Status } from './wire.ts'

/** A v1 status as the rows store it (a cancelled request reads as a FAILURE in v1). */
const STORED: Record<z.infer<typeof v1Status>, string[]> = {
  IN_PROGRESS: ['IN_PROGRESS'],
  SUCCESS: ['SUCCESS'],
  FAILURE: ['FAILURE', 'CANCELLED'],
}

const requestLog = z
  .object({
    total: z.number(),
    items: z
      .array(v1Request)
      .describe('The requests, newest first, as GET /v1/tts/requests/{requestId} answers each'),
  })
  .meta({ example: { total: 1, items: [(v1Request.meta() as { example: unknown }).example] } })

/**
 * The app's request log with its own token (issue 33): every request it made (`/v1/tts`, `/api/v1/tts`, the
 * stream, the text-in WebSocket, the FPT.AI door), newest first, in the v1 shape — what the console's request log
 * shows the signed-in owner, for the app's own servers and the SDK.
 */
export const v1RequestLogRoute: FastifyPluginAsyncZod = async (app) => {
  const { apiApps } = synthesisContext(app)
  const { db, storage, config } = app.ctx

  app.get(
    '/tts/requests',
    {
      schema: {
        tags: ['developer-api-v1'],
        summary: "The app's requests, newest first (its request log), in the v1 shape",
        description:
          'Headers: `Authorization: Bearer <app token>` (and `App-Id`, checked when sent). Every request of this ' +
          'app, whichever call made it; `status` filters (FAILURE includes cancelled requests). Links are signed ' +
          'and expire like the poll’s.',
        security: [{ appToken: [] }],
        querystring: z.object({ ...pagination(20, 100), status: v1Status.optional() }),
        response: { 200: requestLog, ...v1ErrorResponses },
      },
    },
    async (request) => {
      const owner = await apiApps.authenticateWithAppId(request.headers, false)
      const { offset, limit, status } = request.query
      const r = t.synthesisRequests
      const where = and(
        eq(r.apiAppId, owner.id),
        isNull(r.deletedAt),
        status ? inArray(r.status, STORED[status]) : undefined,
      )
      const [rows, [total]] = await Promise.all([
        db.select().from(r).where(where).orderBy(desc(r.createdAt), desc(r.id)).limit(limit).offset(offset),
        db.select({ n: count() }).from(r).where(where),
      ])
      const items = await Promise.all(
        rows.map((row) => v1RequestOf(row, storage, config.synthesis.v1LinkTtlSeconds)),
      )
      return { total: total?.n ?? 0, items }
    },
  )
}

import { ok } from '@loa/contracts'
import { app as t } from '@loa/db'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { envelope, line } from '../../lib/wire.ts'

/**
 * POST /request-to-delete-account — asks an operator to delete an account. `contact` is the email or phone
 * the requester can be reached at; a token, when sent, ties the request to that user.
 */
export const deleteAccountRoute: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/request-to-delete-account',
    {
      onRequest: app.optionalUser,
      config: { rateLimit: { max: app.ctx.config.rateLimits.forms, timeWindow: '1 minute' } },
      schema: {
        tags: ['marketing'],
        summary: 'Request account deletion',
        body: z.object({ contact: line(254, 3) }),
        response: { 200: envelope(z.object({ id: z.number(), status: z.string(), created_at: z.string() })) },
      },
    },
    async (request) => {
      const [row] = await app.ctx.db
        .insert(t.deleteAccountRequests)
        .values({ contact: request.body.contact, userId: request.auth?.sub ?? null, ip: request.ip })
        .returning()
      return ok({ id: row!.id, status: row!.status, created_at: row!.createdAt.toISOString() })
    },
  )
}

import type { app as t } from '@loa/db'
import type { FastifyInstance, FastifyRequest } from 'fastify'

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller's profile row (signed-in subtrees only), created on the first call. */
    profile: typeof t.users.$inferSelect | null
  }
}

/**
 * Turns a route subtree into a signed-in one: a verified token is required (onRequest, before any body is
 * read) and the caller's profile is loaded or created from it (preHandler, after validation).
 */
export const signedIn = (app: FastifyInstance): void => {
  app.addHook('onRequest', app.requireUser)
  app.addHook('preHandler', async (request: FastifyRequest) => {
    request.profile = await app.ctx.users.ensure(request.auth!)
  })
}

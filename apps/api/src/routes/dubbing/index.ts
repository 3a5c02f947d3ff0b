import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { signedIn } from '../../plugins/profile.ts'
import { dubbingDeveloperRoutes } from './developer.ts'
import { dubbingLineRoutes } from './lines.ts'
import { dubbingProjectRoutes } from './projects.ts'
import { DUBBING_EVENTS_ROUTE, dubbingRenderRoutes } from './renders.ts'
import { dubbingUploadRoutes } from './uploads.ts'

/**
 * AI Dubbing (issue 15), signed in: projects, uploads, lines and speakers, renders with progress and
 * downloads. Projects live on the server; credits come from the `aidubbing` wallet.
 */
const studioRoutes: FastifyPluginAsyncZod = async (app) => {
  // EventSource cannot send headers: the events route also takes the token as `?access_token=`.
  app.addHook('onRequest', async (request) => {
    const query = request.query as { access_token?: unknown }
    if (
      !request.headers.authorization &&
      typeof query?.access_token === 'string' &&
      request.routeOptions.url === `${app.prefix}${DUBBING_EVENTS_ROUTE}`
    )
      request.headers.authorization = `Bearer ${query.access_token}`
  })
  signedIn(app)
  await app.register(dubbingProjectRoutes)
  await app.register(dubbingUploadRoutes)
  await app.register(dubbingLineRoutes)
  await app.register(dubbingRenderRoutes)
}

/** The studio routes (signed in) and the developer API (app token), each with its own auth. */
export const dubbingRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(studioRoutes)
  await app.register(dubbingDeveloperRoutes)
}

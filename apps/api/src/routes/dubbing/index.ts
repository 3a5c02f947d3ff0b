import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { acceptQueryToken } from '../../lib/event-stream.ts'
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
  acceptQueryToken(app, DUBBING_EVENTS_ROUTE)
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

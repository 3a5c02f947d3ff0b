import type { FastifyPluginAsync } from 'fastify'
import { affiliateClicksRoute } from './affiliate.ts'
import { contactsRoute } from './contacts.ts'
import { deleteAccountRoute } from './delete-account.ts'
import { demoEventsRoute } from './demo-events.ts'
import { newsRoutes } from './news.ts'
import { shortlinkRoute } from './shortlink.ts'

/** Public marketing calls; writes are rate-limited per IP. */
export const marketingRoutes: FastifyPluginAsync = async (app) => {
  await app.register(demoEventsRoute)
  await app.register(affiliateClicksRoute)
  await app.register(shortlinkRoute)
  await app.register(contactsRoute)
  await app.register(newsRoutes)
  await app.register(deleteAccountRoute)
}

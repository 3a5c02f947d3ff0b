import type { FastifyPluginAsync } from 'fastify'
import { supportTicketRoutes } from './tickets.ts'
import { supportUploadRoute } from './uploads.ts'

/** The /support page: attachment uploads, then tickets. */
export const supportRoutes: FastifyPluginAsync = async (app) => {
  await app.register(supportUploadRoute)
  await app.register(supportTicketRoutes)
}

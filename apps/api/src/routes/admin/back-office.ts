import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { auditRoutes } from './audit.ts'
import { registerCatalogue } from './catalogue.ts'
import { dashboardRoutes } from './dashboard.ts'
import { installedVoiceRoutes } from './installed-voices.ts'
import { jobRoutes } from './jobs.ts'
import { orderActionRoutes } from './order-actions.ts'
import { orderManualRoutes } from './order-manual.ts'
import { orderReadRoutes } from './orders.ts'
import { createSsoOperator } from './sso-operator.ts'
import { supportRoutes } from './support.ts'
import { userActionRoutes } from './user-actions.ts'
import { userReadRoutes } from './users.ts'
import { voiceProviderRoutes } from './voice-providers.ts'
import { voiceSampleRoutes } from './voice-sample.ts'

/**
 * The back-office's API, mounted under `/api/v1/admin`: every route needs the `admin` role on this API's SSO
 * resource (one onRequest hook for the subtree), every list is paged, and every change writes an audit row in
 * the change's own transaction.
 */
export const backOfficeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.requireAdmin)
  registerCatalogue(app, { list: true })
  voiceSampleRoutes(app)
  installedVoiceRoutes(app)
  voiceProviderRoutes(app)
  userReadRoutes(app, app.ctx.ledger)
  userActionRoutes(app, app.ctx.ledger, createSsoOperator(app.ctx.config))
  dashboardRoutes(app)
  orderReadRoutes(app)
  orderActionRoutes(app)
  orderManualRoutes(app)
  supportRoutes(app)
  jobRoutes(app)
  auditRoutes(app)
}

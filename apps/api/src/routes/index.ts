import type { FastifyPluginAsync } from 'fastify'
import { adminRoutes } from './admin/index.ts'
import { callPromptRoutes } from './call-prompts/index.ts'
import { backOfficeRoutes } from './admin/back-office.ts'
import { activeBannersRoute } from './banners/active.ts'
import { devicesRoutes } from './devices/index.ts'
import { dubbingRoutes } from './dubbing/index.ts'
import { marketingRoutes } from './marketing/index.ts'
import { mediaRoutes } from './media/index.ts'
import { meRoutes } from './me/index.ts'
import { ordersRoutes } from './orders/index.ts'
import { paymentRoutes } from './payments/index.ts'
import { pronunciationDictionaryRoutes } from './pronunciation-dictionary/index.ts'
import { listPackagesRoute } from './packages/list.ts'
import { sampleScriptsRoutes } from './sample-scripts/index.ts'
import { studioProjectRoutes } from './studio-projects/index.ts'
import { supportRoutes } from './support-tickets/index.ts'
import { apiAppsRoutes } from './api-apps/index.ts'
import { demoSynthesisRoutes } from './demo-synthesis/index.ts'
import { synthesisRoutes } from './synthesis/index.ts'
import { ttsRoutes } from './tts/index.ts'
import { listVoicesRoute } from './voices/list.ts'
import { publicVoucherRoutes } from './vouchers/public.ts'
import { userVoucherRoutes } from './vouchers/user.ts'

/**
 * Every route plugin of the product API, registered under /api/v1. Add a resource with one line.
 * Signed-in subtrees add their own `onRequest` auth hook inside their plugin.
 */
export const routes: FastifyPluginAsync = async (app) => {
  // Catalogue (public)
  await app.register(listVoicesRoute)
  await app.register(sampleScriptsRoutes)
  await app.register(listPackagesRoute)
  await app.register(activeBannersRoute)
  await app.register(publicVoucherRoutes)
  await app.register(mediaRoutes)
  // Marketing (public, rate-limited writes)
  await app.register(marketingRoutes)
  // Signed in (each plugin opts in with signedIn(app): one onRequest auth hook for its subtree)
  await app.register(meRoutes)
  await app.register(devicesRoutes)
  await app.register(userVoucherRoutes)
  await app.register(ordersRoutes)
  // Payments: VNPay IPN/return, bank webhook, sandbox (public, authenticated by signature or key)
  await app.register(paymentRoutes)
  // Support (uploads and ticket creation work without a token; reading needs one)
  await app.register(supportRoutes)
  // Synthesis, developer TTS API, API apps, public demo (issue 7)
  await app.register(synthesisRoutes)
  await app.register(apiAppsRoutes)
  await app.register(ttsRoutes)
  await app.register(demoSynthesisRoutes)
  // AI Dubbing: projects, lines, speakers, renders (issue 15)
  await app.register(dubbingRoutes)
  // Bulk call prompts (issue 30 §4): studio session or app token
  await app.register(callPromptRoutes)
  // The user's pronunciation dictionary (read by the preview, studio syntheses and the developer API)
  await app.register(pronunciationDictionaryRoutes)
  // Studio projects: the editor's drafts saved on the server (issue 17)
  await app.register(studioProjectRoutes)
  // Admin writes (admin role on the API's SSO resource)
  await app.register(adminRoutes)
  // The back-office (/admin): operator screens' commands and reads, audited
  await app.register(backOfficeRoutes, { prefix: '/admin' })
}

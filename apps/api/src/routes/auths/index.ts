import type { FastifyPluginAsync } from 'fastify'
import { googleOneTapRoute } from './google-one-tap.ts'
import { refreshTokenRoute } from './refresh-token.ts'

/** The spec's `auths/…` calls on the product API: the One Tap profile (signed in) and the token refresh (public). */
export const authsRoutes: FastifyPluginAsync = async (app) => {
  await app.register(refreshTokenRoute)
  await app.register(googleOneTapRoute)
}

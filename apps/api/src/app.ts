import { audioExpired, sweptRequestOf } from '@loa/synthesis'
import { recordQueueStats } from '@loa/jobs'
import {
  createBaseApp,
  openSharedRedis,
  redisReadiness,
  registerHealthRoutes,
  registerMetrics,
} from '@loa/service-kit'
import { isLocalStorage } from '@loa/storage'
import type { FastifyInstance } from 'fastify'
import { installAuth } from './plugins/auth.ts'
import { sweepIdempotencyKeys } from './plugins/idempotency.ts'
import { acceptCamelCaseQueries } from './plugins/camel-keys.ts'
import { API_BASE, registerExternalPlugins } from './plugins/external.ts'
import { registerFileRoutes } from './plugins/file-routes.ts'
import { atMostEvery, cachePublicAnswers } from './plugins/public-cache.ts'
import { installProviderVoices } from './plugins/provider-voices.ts'
import { installServices } from './plugins/services.ts'
import { keepAccountCacheTrue } from './plugins/profile.ts'
import { routes } from './routes/index.ts'
import { authsRoutes } from './routes/auths/index.ts'
import { V1_BASE, v1Routes } from './routes/v1/index.ts'
import { fptRoutes } from './routes/fpt/index.ts'
import type { ApiDeps } from './types.ts'

/** How often, at most, a public catalogue answer looks for neural voices installed or removed since. */
const VOICES_FOLDER_CHECK_MS = 1_000

/**
 * The product API as a Fastify instance that has not listened. Boot order (design §4): external plugins
 * → app plugins (services as decorators, auth) → routes under /api/v1. `close()` releases only what the
 * app opened (its Redis connection for rate limits); database, storage and queue belong to the caller.
 */
export const buildApiApp = async (deps: ApiDeps): Promise<FastifyInstance> => {
  const app = createBaseApp({
    service: 'api',
    logger: deps.logger ?? false,
    bodyLimit: deps.config.bodyLimit,
    trustProxy: deps.config.trustProxy,
  })
  // Scale mode: rate-limit counters live in Redis so replicas share them. The app opened it, so it closes it.
  const redis = deps.config.redisUrl ? await openSharedRedis(deps.config.redisUrl, app) : undefined
  // Before the security and CORS plugins: a stored public answer replays their headers without running them.
  const publicAnswers = cachePublicAnswers(app, {
    routes: [`${API_BASE}/voices`],
    ttlMs: deps.config.catalogueCacheMs,
  })
  await registerExternalPlugins(app, deps.config, redis)
  installServices(app, deps, redis)
  installProviderVoices(app)
  publicAnswers.attach({
    catalogue: app.ctx.catalogueCache,
    // A neural voice installed or removed while the API runs shows within a second, not after the cache's
    // lifetime. The folder is looked at once a second at most: a stat per request was 5 % of a cached answer.
    freshen: atMostEvery(VOICES_FOLDER_CHECK_MS, () =>
      app.ctx.neuralVoices.stale()
        ? app.ctx.neuralVoices.ensure().then((changed) => changed && app.ctx.catalogueCache.clear())
        : undefined,
    ),
  })
  installAuth(app, deps)
  // Signed-in readers' profile rows and balances are cached briefly; this API's own writes clear them at once.
  keepAccountCacheTrue(app)
  sweepIdempotencyKeys(app, app.ctx.db)
  acceptCamelCaseQueries(app)
  // Prometheus: HTTP latency and status by route, and the queue's depth as this API sees it.
  const queue = deps.queue
  registerMetrics(app, 'api', queue && (async () => recordQueueStats(await queue.stats())))
  // Every dependency a request may need: a load balancer stops sending traffic while any one is down.
  registerHealthRoutes(app, 'api', [
    { name: 'database', check: () => deps.database.ping() },
    ...(deps.storage ? [{ name: 'storage', check: () => deps.storage!.ping() }] : []),
    ...(deps.queue ? [{ name: 'queue', check: () => deps.queue!.ping() }] : []),
    ...(redis ? [redisReadiness('redis', () => redis)] : []),
  ])
  await app.register(routes, { prefix: API_BASE })
  // The spec's `auths/…` calls (One Tap profile, token refresh), kept apart from the resource routes
  await app.register(authsRoutes, { prefix: API_BASE })
  // Developer API v1 at the host's root (Vbee's current shape; issue 21), its own error body
  await app.register(v1Routes, { prefix: V1_BASE })
  // FPT.AI text-to-speech v5 at FPT's own path (`/hmi/tts/v5`; issue 33), its own body parsing and answers
  await app.register(fptRoutes)
  // Signed local-file URLs (GET/HEAD/PUT /api/v1/files/*); S3 serves its own presigned URLs.
  if (deps.storage && isLocalStorage(deps.storage))
    await registerFileRoutes(app, {
      storage: deps.storage,
      prefix: `${API_BASE}/files`,
      // A link to a request's file the retention sweep deleted: 410 TTS_AUDIO_EXPIRED, not 404.
      gone: async (key) => {
        const swept = await sweptRequestOf(deps.database, key)
        return swept ? audioExpired(swept) : undefined
      },
    })
  return app
}

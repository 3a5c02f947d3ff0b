import cors from '@fastify/cors'
import type { FastifyInstance } from 'fastify'
import type { Logger } from 'pino'
import { createBaseApp, registerHealthRoutes, registerMetrics } from '@loa/service-kit'
import type { Database } from '@loa/db'
import { createAdminAuth } from './auth.ts'
import type { FlagsConfig } from './config.ts'
import { PayloadCache, findClientKey } from './payload.ts'
import { registerAdminRoutes } from './routes/admin.ts'
import { eventId, registerPublicRoutes } from './routes/public.ts'
import { resolveAdminKey } from './secrets.ts'
import { formatEvent, SseHub } from './sse.ts'
import { ChangeWatcher } from './watcher.ts'

export interface FlagsAppDeps {
  config: FlagsConfig
  database: Database
  logger?: Logger | false
}

/**
 * The flags service (GrowthBook-compatible). Does not listen. `app.close()` ends open SSE streams and
 * stops the change watcher; the database belongs to the caller.
 */
export const buildFlagsApp = ({ config: rawConfig, database, logger }: FlagsAppDeps): FastifyInstance => {
  const config = resolveAdminKey(rawConfig)
  const app = createBaseApp({
    service: 'flags',
    logger: logger ?? false,
    bodyLimit: 1_048_576,
    trustProxy: config.trustProxy,
  })
  const db = database.db
  const payloads = new PayloadCache(db, app.log)
  const hub = new SseHub(config.ssePingMs)
  let shuttingDown = false

  const adminOrigins = new Set(config.adminCorsOrigins)
  void app.register(cors, {
    delegator: (request, cb) => {
      if (request.url.startsWith('/api/admin'))
        cb(null, {
          origin: (origin, done) => done(null, origin ? adminOrigins.has(origin) : false),
          methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
          allowedHeaders: ['authorization', 'content-type', 'x-flags-admin-key', 'x-request-id'],
          maxAge: 600,
        })
      else
        cb(null, {
          origin: '*',
          credentials: false,
          methods: ['GET', 'POST'],
          exposedHeaders: ['x-sse-support'],
          maxAge: 86_400,
        })
    },
  })

  /** Pushes the new payload (or a refetch beacon) to every stream of each changed key on this replica. */
  const publish = async (changed: { key: string; version: string }[]) => {
    for (const { key } of changed) {
      if (!hub.hasSubscribers(key)) continue
      try {
        const row = await findClientKey(db, key)
        if (!row) continue
        const id = eventId(row.dateUpdated.toISOString())
        if (row.remoteEvalOnly) hub.send(key, formatEvent('features-updated', '', id))
        else hub.send(key, formatEvent('features', JSON.stringify((await payloads.get(row)).wire), id))
      } catch (error) {
        app.log.error({ err: error, clientKey: key }, 'publishing a flags change failed')
      }
    }
  }
  const watcher = new ChangeWatcher(
    db,
    config.pollMs,
    (changed) => void publish(changed),
    app.log,
    (removed) => removed.forEach((key) => hub.closeKey(key)),
  )

  registerHealthRoutes(app, 'flags', [{ name: 'database', check: database.ping }], () => shuttingDown)
  registerMetrics(app, 'flags')
  // Routes in a child scope registered after CORS, so the CORS hooks apply to all of them.
  void app.register(async (scope) => {
    registerPublicRoutes(scope, { db, payloads, hub, sseRetryMs: config.sseRetryMs })
    registerAdminRoutes(scope, {
      db,
      authenticate: createAdminAuth(config),
      onChange: () => watcher.poke(),
      streamCounts: () => hub.counts(),
    })
  })

  app.addHook('onReady', async () => {
    await watcher.start()
    if (config.secretsFile)
      app.log.info({ file: config.secretsFile }, 'flags operator key stored in secrets file')
    if (!config.adminKey) app.log.warn('FLAGS_ADMIN_KEY not set: admin API accepts SSO admins only')
  })
  app.addHook('preClose', async () => {
    shuttingDown = true
    hub.close()
  })
  app.addHook('onClose', async () => {
    await watcher.stop()
  })
  return app
}

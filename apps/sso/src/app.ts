import cookie from '@fastify/cookie'
import formbody from '@fastify/formbody'
import rateLimit from '@fastify/rate-limit'
import type { FastifyInstance } from 'fastify'
import type { Logger } from 'pino'
import type { Database } from '@loa/db'
import {
  createBaseApp,
  openSharedRedis,
  redisReadiness,
  registerHealthRoutes,
  registerMetrics,
} from '@loa/service-kit'
import type { SsoConfig } from './config.ts'
import type { SsoContext } from './context.ts'
import { systemClock, type Clock } from './lib/clock.ts'
import { dummyHash } from './lib/passwords.ts'
import { registerCors } from './http/cors.ts'
import { installSsoErrorHandler } from './http/errors.tsx'
import { deleteExpired } from './store/cleanup.ts'
import { createOriginAllowlist } from './store/clients.ts'
import { createKeyRing } from './store/keys.ts'
import { createMailer, type Mailer } from './store/outbox.ts'
import { ensureSecretSetting, getSetting, TOKENS_NOT_BEFORE } from './store/settings.ts'
import { defaultThrottlePolicy } from './store/throttle.ts'
import { registerAuthorizeRoutes } from './routes/authorize.tsx'
import { registerTokenRoutes } from './routes/token.ts'
import { registerRefreshRoute } from './routes/refresh.ts'
import { registerLogoutRoute } from './routes/logout.ts'
import { registerDiscoveryRoutes } from './routes/discovery.ts'
import { registerEndSessionRoutes } from './routes/end-session.tsx'
import { registerAccountEmailRoutes } from './routes/account-email.tsx'
import { registerProfileRoutes } from './routes/profile.tsx'
import { registerSocialRoutes } from './routes/social.ts'
import { registerOneTapRoute } from './routes/one-tap.ts'
import { registerTokenInfoRoute } from './routes/token-info.ts'
import { registerAdminRoutes } from './routes/admin.ts'

export interface SsoAppDeps {
  config: SsoConfig
  database: Database
  logger?: Logger | false
  /** Milliseconds clock (tests move time forward). */
  clock?: Clock
  /** Replaces the SMTP/outbox mailer (never needed in production). */
  mailer?: Mailer
}

export const SSO_BODY_LIMIT = 64 * 1024

/** The SSO Fastify app, not listening. `close()` leaves the shared database open. */
export const buildSsoApp = (deps: SsoAppDeps): FastifyInstance => {
  const { config, database } = deps
  const app = createBaseApp({
    service: 'sso',
    logger: deps.logger ?? false,
    bodyLimit: SSO_BODY_LIMIT,
    trustProxy: config.trustProxy,
  })
  // The rate-limit Redis is opened inside the routes' scope below; readiness looks at it once it exists.
  let redis: Awaited<ReturnType<typeof openSharedRedis>> | undefined
  registerHealthRoutes(app, 'sso', [
    { name: 'database', check: database.ping },
    ...(config.redisUrl ? [redisReadiness('redis', () => redis)] : []),
  ])
  registerMetrics(app, 'sso')
  const clock = deps.clock ?? systemClock
  const db = database.db

  void app.register(async (instance) => {
    const ctx: SsoContext = {
      config,
      database,
      db,
      clock,
      now: () => new Date(clock()),
      keys: createKeyRing(db, clock, config.ttl.keyRetention, { rotateAfterSeconds: config.ttl.keyRotation }),
      mailer:
        deps.mailer ??
        createMailer(db, { smtpUrl: config.smtpUrl, from: config.smtpFrom, log: (m) => app.log.warn(m) }),
      cookieSecret: await ensureSecretSetting(db, 'cookie_secret'),
      lifetimes: { idleSeconds: config.ttl.sessionIdle, maxSeconds: config.ttl.sessionMax },
      throttle: defaultThrottlePolicy(config.loginFailureFactor),
      isAllowedOrigin: createOriginAllowlist(db),
      tokensNotBefore: async () => Number((await getSetting(db, TOKENS_NOT_BEFORE)) ?? 0),
    }
    // The SSO's own error answer (OAuth vocabulary + spec envelope, HTML on pages) for every SSO route.
    installSsoErrorHandler(instance)
    await ctx.keys.active()
    await dummyHash()
    await instance.register(cookie)
    await instance.register(formbody, { bodyLimit: SSO_BODY_LIMIT })
    // Scale mode: per-IP limits live in Redis so replicas share them (skipped while Redis is down; the
    // per-account lockout in the database still holds).
    redis = config.redisUrl ? await openSharedRedis(config.redisUrl, instance) : undefined
    await instance.register(rateLimit, {
      global: false,
      ...(redis && { redis, nameSpace: `${config.rateLimitRedisPrefix}{sso}:`, skipOnError: true }),
    })
    registerCors(instance, ctx)
    registerDiscoveryRoutes(instance, ctx)
    registerAuthorizeRoutes(instance, ctx)
    registerTokenRoutes(instance, ctx)
    registerRefreshRoute(instance, ctx)
    registerLogoutRoute(instance, ctx)
    registerEndSessionRoutes(instance, ctx)
    registerAccountEmailRoutes(instance, ctx)
    registerProfileRoutes(instance, ctx)
    registerSocialRoutes(instance, ctx)
    registerOneTapRoute(instance, ctx)
    registerTokenInfoRoute(instance, ctx)
    registerAdminRoutes(instance, ctx)

    // Housekeeping: expired rows are deleted at start and then hourly (timer unref'd, cleared on close).
    const sweep = () =>
      deleteExpired(db, ctx.now()).catch((error: unknown) =>
        app.log.warn({ err: error }, 'sso cleanup failed'),
      )
    await sweep()
    const timer = setInterval(() => void sweep(), 3600_000)
    timer.unref()
    instance.addHook('onClose', async () => clearInterval(timer))
  })
  return app
}

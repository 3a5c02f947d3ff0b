import type { Db } from '@loa/db'
import type { Queue } from '@loa/jobs'
import type { Storage } from '@loa/storage'
import type { FastifyInstance } from 'fastify'
import type { Redis } from 'ioredis'
import type { ApiConfig } from '../config.ts'
import { createTtlCache, type TtlCache } from '../lib/ttl-cache.ts'
import { createCreditsService, type CreditsService } from '../services/credits.ts'
import { createUsersService, type UsersService } from '../services/users.ts'
import type { ApiDeps } from '../types.ts'

export interface ApiContext {
  config: ApiConfig
  db: Db
  storage?: Storage
  queue?: Queue
  credits: CreditsService
  users: UsersService
  /** Public catalogue answers (cleared by admin writes). */
  catalogueCache: TtlCache
  /** Scale mode only: shared counters (rate limits) across API replicas. */
  redis?: Redis
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Shared services and adapters for route handlers. */
    ctx: ApiContext
  }
}

export const installServices = (app: FastifyInstance, deps: ApiDeps, redis?: Redis): void => {
  const db = deps.database.db
  const credits = createCreditsService(db)
  const users = createUsersService(db, credits)
  app.decorate('ctx', {
    config: deps.config,
    db,
    storage: deps.storage,
    queue: deps.queue,
    credits,
    users,
    catalogueCache: createTtlCache(deps.config.catalogueCacheMs),
    redis,
  })
}

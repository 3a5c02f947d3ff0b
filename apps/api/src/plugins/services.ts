import type { Db } from '@loa/db'
import { createLedger, type Ledger } from '@loa/ledger'
import { createVoiceProviderSource, type VoiceProviderSource } from '@loa/synthesis'
import type { Queue } from '@loa/jobs'
import type { Storage } from '@loa/storage'
import type { FastifyInstance } from 'fastify'
import type { Redis } from 'ioredis'
import type { ApiConfig } from '../config.ts'
import { createTtlCache, type TtlCache } from '../lib/ttl-cache.ts'
import { createNeuralVoiceSync, type NeuralVoiceSync } from '../services/neural-voices.ts'
import { syncProviderVoices } from '../services/provider-voices.ts'
import { createUsersService, type UsersService } from '../services/users.ts'
import type { ApiDeps } from '../types.ts'

export interface ApiContext {
  config: ApiConfig
  db: Db
  storage?: Storage
  queue?: Queue
  /** The credits ledger (`@loa/ledger`): wallets per product, every change one entry. */
  ledger: Ledger
  users: UsersService
  /** Public catalogue answers (cleared by admin writes). */
  catalogueCache: TtlCache
  /** Installed neural voices → catalogue rows (checked before the catalogue is read). */
  neuralVoices: NeuralVoiceSync
  /** Voice providers of the file and of the /admin Voices screen (`refresh()` after a save). */
  voiceProviders: VoiceProviderSource
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
  const ledger = createLedger(db)
  const users = createUsersService(db, ledger, { cacheMs: deps.config.accountCacheMs })
  const catalogueCache = createTtlCache(deps.config.catalogueCacheMs)
  app.decorate('ctx', {
    config: deps.config,
    db,
    storage: deps.storage,
    queue: deps.queue,
    ledger,
    users,
    catalogueCache,
    neuralVoices: createNeuralVoiceSync({ db, storage: deps.storage, publicUrl: deps.config.publicUrl }),
    voiceProviders: createVoiceProviderSource({
      db,
      file: deps.config.voiceProviders,
      keyOf: deps.config.screenProviders.keyOf,
      refreshMs: deps.config.screenProviders.refreshMs,
      // The providers changed (here or on another replica): their voices join or leave the catalogue.
      onChange: async (added) => {
        await syncProviderVoices(db, added)
        catalogueCache.clear()
      },
      log: (message, error) => app.log.warn({ err: error }, message),
    }),
    redis,
  })
}

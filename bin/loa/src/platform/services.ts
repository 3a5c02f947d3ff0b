import type { Database } from '@loa/db'
import type { Queue } from '@loa/jobs'
import type { Env } from '@loa/service-kit'
import type { Storage } from '@loa/storage'
import type { Logger } from './open-platform.ts'

/** The Fastify surface the composer needs (structural, so apps keep their own Fastify types). */
export interface ServiceApp {
  listen: (options: { port: number; host: string }) => Promise<string>
  close: () => Promise<unknown>
  server: { address: () => unknown }
}

interface ServiceConfig {
  port: number
  host: string
  logLevel?: string
}

interface ServiceDeps {
  config: ServiceConfig
  database: Database
  storage: Storage
  queue: Queue
  logger?: Logger
}

export const SERVICE_NAMES = ['api', 'sso', 'flags'] as const
export type ServiceName = (typeof SERVICE_NAMES)[number]

export interface ServiceModule {
  name: ServiceName
  loadConfig: (env: Env) => ServiceConfig
  build: (deps: ServiceDeps) => Promise<ServiceApp>
}

/** A service's own entry points, its config type kept between `loadConfig` and `build` (the composer never reads it). */
const serviceModule = <C extends ServiceConfig>(
  name: ServiceName,
  loadConfig: (env: Env) => C,
  build: (deps: Omit<ServiceDeps, 'config'> & { config: C }) => ServiceApp | Promise<ServiceApp>,
): ServiceModule => ({
  name,
  loadConfig,
  // `config` is the value this module's own loadConfig returned (serve pairs them).
  build: async (deps) => build({ ...deps, config: deps.config as C }),
})

/** The typed entry points of each service package (docs/ARCHITECTURE.md, "App entry points"), loaded on demand. */
const SERVICES: Record<ServiceName, () => Promise<ServiceModule>> = {
  api: async () => {
    const { buildApiApp, loadApiConfig } = await import('@loa/api')
    return serviceModule('api', loadApiConfig, buildApiApp)
  },
  sso: async () => {
    const { buildSsoApp, loadSsoConfig } = await import('@loa/sso')
    // The SSO generates its signing keys once into $DATA_DIR/secrets.json when asked to.
    return serviceModule('sso', (env) => loadSsoConfig(env, { generateSecrets: true }), buildSsoApp)
  },
  flags: async () => {
    const { buildFlagsApp, loadFlagsConfig, resolveAdminKey } = await import('@loa/flags')
    return serviceModule('flags', (env) => resolveAdminKey(loadFlagsConfig(env)), buildFlagsApp)
  },
}

/** Loads one service package; a package that exists but does not load stops start-up loudly. */
export const loadService = async (name: ServiceName): Promise<ServiceModule> => {
  try {
    return await SERVICES[name]()
  } catch (error) {
    throw new Error(
      `@loa/${name} failed to load: ${error instanceof Error ? error.message : String(error)}`,
      {
        cause: error,
      },
    )
  }
}

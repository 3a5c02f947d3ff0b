import type { Database } from '@loa/db'
import type { Queue } from '@loa/jobs'
import type { Env } from '@loa/service-kit'
import type { Storage } from '@loa/storage'

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
  logger?: unknown
}

export const SERVICE_NAMES = ['api', 'sso', 'flags'] as const
export type ServiceName = (typeof SERVICE_NAMES)[number]

export interface ServiceModule {
  name: ServiceName
  loadConfig: (env: Env) => ServiceConfig
  build: (deps: ServiceDeps) => Promise<ServiceApp>
}

type Loose = Record<string, unknown>
type Fn = (...args: unknown[]) => unknown

/**
 * Loads one service package by the entry points of docs/ARCHITECTURE.md (`loadXConfig`, `buildXApp`).
 * Returns a reason string instead when the package does not provide them (yet); throws when it fails to load.
 */
export const loadService = async (name: ServiceName): Promise<ServiceModule | string> => {
  let mod: Loose
  try {
    mod =
      name === 'api'
        ? ((await import('@loa/api')) as Loose)
        : name === 'sso'
          ? ((await import('@loa/sso')) as Loose)
          : ((await import('@loa/flags')) as Loose)
  } catch (error) {
    // A package that exists but does not load is broken: stop start-up loudly rather than run without it.
    throw new Error(
      `@loa/${name} failed to load: ${error instanceof Error ? error.message : String(error)}`,
      {
        cause: error,
      },
    )
  }
  const title = name[0]!.toUpperCase() + name.slice(1)
  const load = mod[`load${title}Config`] as Fn | undefined
  const build = mod[`build${title}App`] as Fn | undefined
  if (typeof load !== 'function' || typeof build !== 'function')
    return `@loa/${name} does not export load${title}Config/build${title}App yet`
  const resolveAdminKey = mod.resolveAdminKey as Fn | undefined
  return {
    name,
    loadConfig: (env) => {
      // The SSO generates its signing keys once into $DATA_DIR/secrets.json when asked to.
      let config = (name === 'sso' ? load(env, { generateSecrets: true }) : load(env)) as ServiceConfig
      if (name === 'flags' && typeof resolveAdminKey === 'function')
        config = resolveAdminKey(config) as ServiceConfig
      return config
    },
    build: async (deps) => (await build(deps)) as ServiceApp,
  }
}

/**
 * Standalone flags service (scale mode): config → database through the platform opener of @loa/db
 * (data-directory lock when embedded, migrations, this service's seed under the seed advisory lock) → app →
 * listen → graceful shutdown.
 *   tsx apps/flags/src/server.ts
 */
import { openServiceDatabase, SEEDS } from '@loa/db'
import { createLogger, listen, onShutdownSignal } from '@loa/service-kit'
import { buildFlagsApp } from './app.ts'
import { loadFlagsConfig } from './config.ts'

const config = loadFlagsConfig()
const logger = createLogger(config.logLevel, { service: 'flags' })
const { database, close } = await openServiceDatabase({
  databaseUrl: config.databaseUrl,
  dataDir: config.dataDir,
  holder: 'flags server (apps/flags/src/server.ts)',
  // This service's own seed (flags + the web's client key); insert-if-absent, safe on every start.
  seed: async ({ db }) => {
    await SEEDS.find((s) => s.name === 'flags')?.run({ db })
  },
})
const app = buildFlagsApp({ config, database, logger })
const url = await listen(app, { port: config.port, host: config.host })
logger.info({ url }, 'flags service listening')

onShutdownSignal(
  async () => {
    await app.close()
    await close()
  },
  (msg) => logger.info(msg),
)

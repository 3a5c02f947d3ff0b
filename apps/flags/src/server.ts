/**
 * Standalone flags service (scale mode): config → database → migrations → app → listen → graceful shutdown.
 *   tsx apps/flags/src/server.ts
 */
import path from 'node:path'
import { migrateAll, openDatabase, SEEDS } from '@loa/db'
import { createLogger, listen, onShutdownSignal } from '@loa/service-kit'
import { buildFlagsApp } from './app.ts'
import { loadFlagsConfig } from './config.ts'

const config = loadFlagsConfig()
const logger = createLogger(config.logLevel, { service: 'flags' })
const database = await openDatabase(
  config.databaseUrl ? { url: config.databaseUrl } : { dataDir: path.join(config.dataDir, 'db') },
)
await migrateAll(database)
// This service's own seed (flags + the web's client key); insert-if-absent, safe on every start.
await SEEDS.find((s) => s.name === 'flags')?.run({ db: database.db })
const app = buildFlagsApp({ config, database, logger })
const url = await listen(app, { port: config.port, host: config.host })
logger.info({ url }, 'flags service listening')

onShutdownSignal(
  async () => {
    await app.close()
    await database.close()
  },
  (msg) => logger.info(msg),
)

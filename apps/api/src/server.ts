/**
 * Standalone entry (scale mode): config → database → migrations + seeds → app → listen → graceful close.
 * `loa serve all` composes `buildApiApp` itself instead (shared database, storage and queue).
 */
import { migrateAll, openDatabase, seedAll } from '@loa/db'
import { createLogger, listen, onShutdownSignal } from '@loa/service-kit'
import path from 'node:path'
import { buildApiApp } from './app.ts'
import { loadApiConfig } from './config.ts'

const config = loadApiConfig()
const logger = createLogger(config.logLevel, { service: 'api' })
const database = await openDatabase(
  config.databaseUrl ? { url: config.databaseUrl } : { dataDir: path.join(config.dataDir, 'db') },
)
await migrateAll(database)
await seedAll({ db: database.db, log: (m) => logger.info(m), options: { webUrl: config.webUrl } })
const app = await buildApiApp({ config, database, logger })
const address = await listen(app, { port: config.port, host: config.host })
logger.info(`api listening on ${address}`)

onShutdownSignal(
  async () => {
    await app.close()
    await database.close()
  },
  (msg) => logger.info(msg),
)

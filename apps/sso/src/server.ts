import { createLogger, listen, onShutdownSignal } from '@loa/service-kit'
import { migrateAll, openDatabase, seedAll } from '@loa/db'
import path from 'node:path'
import { loadSsoConfigFromProcess } from './config.ts'
import { buildSsoApp } from './app.ts'

/** Standalone SSO (scale mode, or alone for development): config → database → migrations → app → listen. */
const main = async () => {
  const config = loadSsoConfigFromProcess()
  const logger = createLogger(config.logLevel, { service: 'sso' })
  const database = await openDatabase(
    config.databaseUrl ? { url: config.databaseUrl } : { dataDir: path.join(config.dataDir, 'db') },
  )
  await migrateAll(database)
  await seedAll({ db: database.db, options: { webUrl: config.webUrl }, log: (m) => logger.info(m) })
  const app = buildSsoApp({ config, database, logger })
  const url = await listen(app, { port: config.port, host: config.host })
  logger.info({ url, issuer: config.issuer }, 'sso listening')
  onShutdownSignal(
    async () => {
      await app.close()
      await database.close()
    },
    (m) => logger.info(m),
  )
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
})

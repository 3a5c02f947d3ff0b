import { openServiceDatabase, seedAll } from '@loa/db'
import { createLogger, listen, onShutdownSignal } from '@loa/service-kit'
import { loadSsoConfigFromProcess } from './config.ts'
import { buildSsoApp } from './app.ts'

/**
 * Standalone SSO (scale mode, or alone for development): config → database through the platform opener of
 * @loa/db (data-directory lock when embedded, migrations, seeds under the seed advisory lock) → app → listen.
 */
const main = async () => {
  const config = loadSsoConfigFromProcess()
  const logger = createLogger(config.logLevel, { service: 'sso' })
  const { database, close } = await openServiceDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    holder: 'sso server (apps/sso/src/server.ts)',
    seed: ({ db }) => seedAll({ db, options: { webUrl: config.webUrl }, log: (m) => logger.info(m) }),
  })
  const app = buildSsoApp({ config, database, logger })
  const url = await listen(app, { port: config.port, host: config.host })
  logger.info({ url, issuer: config.issuer }, 'sso listening')
  onShutdownSignal(
    async () => {
      await app.close()
      await close()
    },
    (m) => logger.info(m),
  )
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
})

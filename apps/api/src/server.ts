/**
 * Standalone entry (scale mode): config → database through the platform opener of @loa/db (data-directory lock
 * when embedded, migrations, seeds and voice samples under the seed advisory lock) → storage and queue → app →
 * listen → graceful close. `loa serve all` composes `buildApiApp` itself instead (shared database, storage and
 * queue).
 */
import { openServiceDatabase, seedAll } from '@loa/db'
import { createQueue } from '@loa/jobs'
import { createLogger, listen, onShutdownSignal, resolveFileSigningSecret } from '@loa/service-kit'
import { createStorage } from '@loa/storage'
import { generateVoiceSamples } from '@loa/synthesis'
import { buildApiApp } from './app.ts'
import { loadApiConfig } from './config.ts'
import { createSampleFileWriter } from './lib/sample-writer.ts'

const config = loadApiConfig()
const logger = createLogger(config.logLevel, { service: 'api' })
const storage = createStorage({
  dataDir: config.dataDir,
  apiPublicUrl: config.publicUrl,
  fileSigningSecret: config.s3 ? '' : resolveFileSigningSecret(config),
  s3: config.s3,
})
const { database, close } = await openServiceDatabase({
  databaseUrl: config.databaseUrl,
  dataDir: config.dataDir,
  holder: 'api server (apps/api/src/server.ts)',
  seed: async ({ db }) => {
    await seedAll({ db, log: (m) => logger.info(m), options: { webUrl: config.webUrl } })
    // Voice samples: spoken here (the composer), never by the database package's seeds.
    await generateVoiceSamples({
      db,
      log: (m) => logger.info(m),
      writeFile: createSampleFileWriter(storage, config.publicUrl),
    })
  },
})
const queue = createQueue({ redisUrl: config.redisUrl }, { database })
const app = await buildApiApp({ config, database, storage, queue, logger })
const address = await listen(app, { port: config.port, host: config.host })
logger.info(`api listening on ${address}`)

onShutdownSignal(
  async () => {
    await app.close()
    await queue.close()
    await close()
  },
  (msg) => logger.info(msg),
)

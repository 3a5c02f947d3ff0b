import { createLogger } from '@loa/service-kit'
import { loadWorkerConfig, startWorker } from '@loa/worker'
import { cliEnv } from '../config.ts'
import { acquireDataDirLock } from '@loa/db'

export const summary = 'run the job worker alone (scale mode: DATABASE_URL + REDIS_URL; any number of them)'

/**
 * `loa worker`: a standalone job worker with a health server (`WORKER_PORT`). With REDIS_URL it consumes the
 * shared BullMQ queue; without it, the database queue (PostgreSQL via DATABASE_URL, or the embedded PGlite
 * when no server holds it). SIGINT/SIGTERM drain running jobs, then exit.
 */
export const run = async (args: string[]): Promise<number> => {
  if (args.length > 0) {
    console.error('usage: loa worker   (configured by environment; see docs/config.md)')
    return 2
  }
  const config = loadWorkerConfig(cliEnv())
  const logger = createLogger(config.logLevel, { app: 'loa', service: 'worker' })
  const release = config.databaseUrl ? () => undefined : acquireDataDirLock(config.dataDir, 'loa worker')
  let worker
  try {
    worker = await startWorker(config, logger)
  } catch (error) {
    release()
    throw error
  }
  process.stdout.write(`worker ready: ${worker.queue.kind} queue, health ${worker.address}\n`)
  const running = worker
  await new Promise<void>((resolve) => {
    let signals = 0
    const onSignal = (signal: NodeJS.Signals) => {
      if (++signals > 1) process.exit(130)
      logger.info(`${signal}: draining jobs`)
      running
        .close()
        .catch((error: unknown) => {
          logger.error({ err: error }, 'shutdown failed')
          process.exitCode = 1
        })
        .finally(() => {
          release()
          resolve()
        })
    }
    process.on('SIGINT', onSignal)
    process.on('SIGTERM', onSignal)
  })
  // Everything is closed; a handle left open by a library must not keep a stopped server alive.
  setTimeout(() => process.exit(), 3_000).unref()
  return 0
}

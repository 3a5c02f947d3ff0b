import { createLogger } from '@loa/service-kit'
import { loadWorkerConfig, registerJobHandlers } from '@loa/worker'
import { cliEnv, loadCliConfig } from '../config.ts'
import { installDefaultVoices } from '../default-voices.ts'
import { openPlatform } from '../platform/open-platform.ts'
import { loadService, SERVICE_NAMES, type ServiceApp, type ServiceName } from '../platform/services.ts'

export const summary =
  'run services: all (embedded: api, sso, flags and the job runner in one process) | api | sso | flags'

const usage = 'usage: loa serve <all|api|sso|flags>'

/**
 * `loa serve all`: one process, one database (PGlite under $DATA_DIR/db unless DATABASE_URL), migrations
 * then idempotent seeds, storage, queue, the three Fastify apps on their ports and the in-process job runner.
 * `loa serve api|sso|flags`: one service alone (scale mode: run `loa worker` for jobs).
 * SIGINT/SIGTERM: stop listening and drain requests, drain jobs, close the database.
 */
export const run = async (args: string[]): Promise<number> => {
  const target = args[0]
  if (!target || !['all', ...SERVICE_NAMES].includes(target) || args.length > 1) {
    console.error(usage)
    return 2
  }
  const env = cliEnv()
  const cli = loadCliConfig(env)
  const workerConfig = loadWorkerConfig(env)
  const logger = createLogger(cli.logLevel, { app: 'loa' })
  const wanted: ServiceName[] = target === 'all' ? [...SERVICE_NAMES] : [target as ServiceName]
  const runJobs = target === 'all'
  if (target === 'api' && cli.embedded)
    logger.warn(
      'serve api on the embedded database: no process runs its jobs (loa worker cannot open the same PGlite); ' +
        'use `loa serve all`, or DATABASE_URL for scale mode',
    )

  // Resolve configs first: a bad variable stops start-up before anything is opened.
  const modules = []
  for (const name of wanted) {
    const mod = await loadService(name)
    modules.push({ mod, config: mod.loadConfig(env) })
  }

  const platform = await openPlatform(cli, workerConfig, logger, { command: `serve ${target}`, seed: true })
  const { database, storage, queue } = platform
  const apps: { name: ServiceName; app: ServiceApp }[] = []
  let shuttingDown = false
  const shutdown = async (signal: string) => {
    if (shuttingDown) return
    shuttingDown = true
    logger.info(`${signal}: shutting down (draining requests, then jobs)`)
    await Promise.allSettled(apps.map(({ app }) => app.close()))
    await platform.close()
    logger.info('stopped')
  }
  try {
    const definitions = runJobs
      ? registerJobHandlers({ config: workerConfig, database, storage, queue, logger })
      : []
    for (const { mod, config } of modules) {
      const app = await mod.build({ config, database, storage, queue, logger })
      apps.push({ name: mod.name, app })
    }
    const urls: string[] = []
    for (const [i, { name, app }] of apps.entries()) {
      const { port, host } = modules[i]!.config
      await app.listen({ port, host })
      const address = app.server.address() as { port: number } | null
      const url = `http://${host === '0.0.0.0' || host === '::' ? 'localhost' : host === '127.0.0.1' ? 'localhost' : host}:${address?.port ?? port}`
      urls.push(`${name.padEnd(6)}${url}`)
    }
    if (runJobs) await queue.start(definitions, { concurrency: workerConfig.concurrency })
    logger.info(
      { services: apps.map((a) => a.name), queue: queue.kind, storage: storage.kind },
      'loa is ready',
    )
    process.stdout.write(`\nLoa is running (${target}):\n${urls.map((u) => `  ${u}`).join('\n')}\n`)
    if (runJobs)
      process.stdout.write(`  jobs  ${queue.kind} runner, concurrency ${workerConfig.concurrency}\n`)
    process.stdout.write('\n')
    // A natural voice from the first start (issue #26 §1): in the background, never holding start-up.
    if (runJobs && cli.defaultVoices.length > 0)
      void installDefaultVoices({
        names: cli.defaultVoices,
        dir: cli.voicesDir,
        ...(cli.piperVoicesUrl ? { baseUrl: cli.piperVoicesUrl } : {}),
        log: (line) => process.stdout.write(`[voices] ${line}\n`),
      })
  } catch (error) {
    await shutdown('start-up failure').catch(() => undefined)
    throw error
  }

  await new Promise<void>((resolve) => {
    let signals = 0
    const onSignal = (signal: NodeJS.Signals) => {
      signals++
      if (signals > 1) {
        logger.warn(`${signal} again: exiting now`)
        process.exit(130)
      }
      shutdown(signal).then(resolve, (error: unknown) => {
        logger.error({ err: error }, 'shutdown failed')
        process.exitCode = 1
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

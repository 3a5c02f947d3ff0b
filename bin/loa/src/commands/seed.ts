import { createLogger } from '@loa/service-kit'
import { loadWorkerConfig } from '@loa/worker'
import { cliEnv, loadCliConfig } from '../config.ts'
import { openPlatform } from '../platform/open-platform.ts'

export const summary =
  'apply migrations, then the idempotent seeds (insert-if-absent; never overwrites edits)'

export const run = async (args: string[]): Promise<number> => {
  if (args.length > 0) {
    console.error('usage: loa seed')
    return 2
  }
  const env = cliEnv()
  const cli = loadCliConfig(env)
  const logger = createLogger(cli.logLevel, { app: 'loa' })
  const platform = await openPlatform(cli, loadWorkerConfig(env), logger, { command: 'seed', seed: true })
  await platform.close()
  console.log('seeds applied')
  return 0
}

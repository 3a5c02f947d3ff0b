import path from 'node:path'
import { openServiceDatabase, SEEDS } from '@loa/db'
import {
  databaseBackend,
  FLAGS_CLI_USAGE,
  httpBackend,
  loadFlagsConfig,
  readStoredAdminKey,
  runFlagsCli,
} from '@loa/flags'
import { cliEnv, loadCliConfig } from '../config.ts'

export const summary = 'feature flags: keys | list | set <flag> <value> [--env <environment>]'

/** Is the flags service answering at `url`? */
const serviceUp = async (url: string): Promise<boolean> => {
  try {
    const res = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(1_500) })
    const body = (await res.json()) as { service?: string }
    return res.ok && body.service === 'flags'
  } catch {
    return false
  }
}

/**
 * Embedded PGlite allows one process: when the flags service is running, go through its admin API with
 * the operator key (FLAGS_ADMIN_KEY or $DATA_DIR/secrets.json); otherwise open the database directly.
 */
export const run = async (args: string[]): Promise<number> => {
  if (!args.length || ['-h', '--help', 'help'].includes(args[0]!)) {
    console.log(FLAGS_CLI_USAGE)
    return args.length ? 0 : 2
  }
  const env = cliEnv()
  const config = loadFlagsConfig(env)
  const cli = loadCliConfig(env)
  const url = config.publicUrl
  if (await serviceUp(url)) {
    const adminKey = config.adminKey ?? readStoredAdminKey(config.dataDir)
    if (!adminKey) {
      console.error(
        `loa flags: the flags service at ${url} is running, but no operator key was found ` +
          `(set FLAGS_ADMIN_KEY, or run from the directory whose ${path.join(config.dataDir, 'secrets.json')} it uses)`,
      )
      return 1
    }
    return runFlagsCli(args, httpBackend(url, adminKey), (line) => console.log(line))
  }
  const { database, close } = await openServiceDatabase({
    databaseUrl: cli.databaseUrl,
    dataDir: cli.dataDir,
    holder: `loa flags ${args[0]}`,
    seed: async ({ db }) => {
      await SEEDS.find((s) => s.name === 'flags')?.run({ db })
    },
  })
  try {
    return await runFlagsCli(args, databaseBackend(database.db), (line) => console.log(line))
  } finally {
    await close()
  }
}

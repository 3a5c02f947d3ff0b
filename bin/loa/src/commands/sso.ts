import path from 'node:path'
import { openServiceDatabase, SEEDS } from '@loa/db'
import {
  createSsoAdmin,
  httpBackend,
  loadSsoConfig,
  readStoredOperatorKey,
  runSsoCli,
  SSO_CLI_USAGE,
} from '@loa/sso'
import { cliEnv, loadCliConfig } from '../config.ts'

export const summary =
  'single sign-on: client add|list|remove · user role add|remove · outbox · keys rotate · tokens revoke-all'

/** Is the SSO answering at `url`? */
const serviceUp = async (url: string): Promise<boolean> => {
  try {
    const res = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(1_500) })
    const body = (await res.json()) as { service?: string }
    return res.ok && body.service === 'sso'
  } catch {
    return false
  }
}

/**
 * Embedded PGlite allows one process: when the SSO is running, go through its admin API with the operator key
 * (SSO_OPERATOR_KEY or $DATA_DIR/secrets.json); otherwise lock the data directory and open the database.
 */
export const run = async (args: string[]): Promise<number> => {
  if (!args.length || ['-h', '--help', 'help'].includes(args[0]!)) {
    console.log(SSO_CLI_USAGE)
    return args.length ? 0 : 2
  }
  const env = cliEnv()
  const config = loadSsoConfig(env, { generateSecrets: false })
  const cli = loadCliConfig(env)
  const print = (line: string) => console.log(line)
  const local = `http://127.0.0.1:${config.port}`
  const url = (await serviceUp(local)) ? local : (await serviceUp(config.issuer)) ? config.issuer : undefined
  if (url) {
    const key = config.operatorKey ?? readStoredOperatorKey(config.dataDir)
    if (!key) {
      console.error(
        `loa sso: the SSO at ${url} is running, but no operator key was found ` +
          `(set SSO_OPERATOR_KEY, or run from the directory whose ${path.join(config.dataDir, 'secrets.json')} it uses)`,
      )
      return 1
    }
    return runSsoCli(args, httpBackend(url, key), print)
  }
  const { database, close } = await openServiceDatabase({
    databaseUrl: cli.databaseUrl,
    dataDir: cli.dataDir,
    holder: `loa sso ${args[0]}`,
    seed: async ({ db }) => {
      await SEEDS.find((s) => s.name === 'sso-clients')?.run({ db, options: { webUrl: cli.webUrl } })
    },
  })
  try {
    return await runSsoCli(args, createSsoAdmin(database.db, config.ttl.keyRetention), print)
  } finally {
    await close()
  }
}

import { AppError } from '@loa/contracts'
import type { Db } from '@loa/db'
import { ADMIN_KEY_HEADER } from './auth.ts'
import * as store from './store/index.ts'
import type { ValueType } from './validate.ts'

/**
 * `loa flags …` (bin/loa/src/commands/flags.ts wires it). The same commands run through the running
 * service's admin API (operator key) or, when no service is up, directly on the database.
 */
export const FLAGS_CLI_USAGE = [
  'usage: loa flags <command>',
  '  keys                                   list client keys (environments)',
  '  list [--env <environment>]             list flags with their default and rules per environment',
  '  set <flag> <value> [--env <env>]       set a flag default (everywhere, or only in one environment)',
].join('\n')

export interface FlagsBackend {
  /** Shown to the operator: which path the command took. */
  via: string
  listClientKeys: () => Promise<store.ClientKeyView[]>
  listFeatures: () => Promise<store.FeatureView[]>
  getFeature: (key: string) => Promise<store.FeatureView>
  updateFeature: (key: string, input: store.UpdateFeatureInput) => Promise<store.FeatureView>
}

export const databaseBackend = (db: Db, actor = 'cli'): FlagsBackend => ({
  via: 'database',
  listClientKeys: () => store.listClientKeys(db),
  listFeatures: () => store.listFeatures(db),
  getFeature: (key) => store.getFeature(db, key),
  updateFeature: (key, input) => store.updateFeature(db, actor, key, input),
})

export const httpBackend = (baseUrl: string, adminKey: string): FlagsBackend => {
  const call = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const res = await fetch(`${baseUrl}/api/admin${path}`, {
      method,
      headers: {
        [ADMIN_KEY_HEADER]: adminKey,
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
      signal: AbortSignal.timeout(15_000),
    }).catch((error: unknown) => {
      // Name the URL: a FLAGS_PORT / FLAGS_PUBLIC_URL pointing elsewhere is then obvious (issue 37).
      throw new Error(`the flags service at ${baseUrl} did not answer: ${(error as Error).message}`)
    })
    const json = (await res.json().catch(() => ({ status: 0 }))) as {
      status: number
      result?: T
      error_code?: string
      error_message?: string
    }
    if (json.status !== 1)
      throw new AppError(
        json.error_code ?? 'HTTP_ERROR',
        `the flags service at ${baseUrl} answered: ${json.error_message ?? `HTTP ${res.status}`}`,
        res.status,
      )
    return json.result as T
  }
  return {
    via: `service ${baseUrl}`,
    listClientKeys: async () =>
      (await call<{ client_keys: store.ClientKeyView[] }>('GET', '/client-keys')).client_keys,
    listFeatures: async () => (await call<{ features: store.FeatureView[] }>('GET', '/features')).features,
    getFeature: (key) => call('GET', `/features/${encodeURIComponent(key)}`),
    updateFeature: (key, input) => call('PATCH', `/features/${encodeURIComponent(key)}`, input),
  }
}

const table = (rows: string[][]): string[] => {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)))
  return rows.map((r) =>
    r
      .map((c, i) => c.padEnd(widths[i]!))
      .join('  ')
      .trimEnd(),
  )
}

const show = (v: unknown) => JSON.stringify(v)

const takeOption = (args: string[], name: string): string | undefined => {
  const i = args.indexOf(name)
  if (i < 0) return undefined
  const value = args[i + 1]
  args.splice(i, 2)
  return value
}

/** Runs one `loa flags` command; returns the exit code (2 = bad usage or input). */
export const runFlagsCli = async (
  argv: string[],
  backend: FlagsBackend,
  print: (line: string) => void,
): Promise<number> => {
  const args = [...argv]
  const command = args.shift()
  try {
    if (command === 'keys' && args.length === 0) {
      const keys = await backend.listClientKeys()
      print(
        table([
          ['KEY', 'ENVIRONMENT', 'NAME', 'ENCRYPTED', 'REMOTE-EVAL', 'UPDATED'],
          ...keys.map((k) => [
            k.key,
            k.environment,
            k.name,
            k.encrypted ? 'yes' : 'no',
            k.remote_eval_only ? 'only' : 'allowed',
            k.date_updated,
          ]),
        ]).join('\n'),
      )
      return 0
    }
    if (command === 'list') {
      const env = takeOption(args, '--env')
      if (args.length) return usage(print)
      const features = await backend.listFeatures()
      const envs = env ? [env] : [...new Set(features.flatMap((f) => Object.keys(f.environments)))].sort()
      print(
        table([
          ['FLAG', 'TYPE', 'DEFAULT', ...envs.map((e) => e.toUpperCase())],
          ...features.map((f) => [
            f.key,
            f.value_type,
            show(f.default_value),
            ...envs.map((e) => {
              const s = f.environments[e]
              if (!s) return '-'
              if (!s.enabled) return 'off'
              const value = 'default_value' in s ? show(s.default_value) : show(f.default_value)
              return s.rules.length ? `${value} +${s.rules.length} rule(s)` : value
            }),
          ]),
        ]).join('\n'),
      )
      return 0
    }
    if (command === 'set') {
      const env = takeOption(args, '--env')
      const [key, raw] = args
      if (!key || raw === undefined || args.length !== 2) return usage(print)
      const feature = await backend.getFeature(key)
      const value = store.parseValue(feature.value_type as ValueType, raw)
      const updated = await backend.updateFeature(
        key,
        env ? { environments: { [env]: { default_value: value } } } : { default_value: value },
      )
      const shown = env ? updated.environments[env]?.default_value : updated.default_value
      print(`${key} = ${show(shown)}${env ? ` in ${env}` : ''} (via ${backend.via})`)
      return 0
    }
    return usage(print)
  } catch (error) {
    if (error instanceof AppError) {
      print(`loa flags: ${error.code}: ${error.message}`)
      return error.httpStatus >= 400 && error.httpStatus < 500 ? 2 : 1
    }
    throw error
  }
}

const usage = (print: (line: string) => void) => {
  print(FLAGS_CLI_USAGE)
  return 2
}

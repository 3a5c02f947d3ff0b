/**
 * `VOICE_PROVIDERS_FILE` for the apps' config.ts: reads the JSON file, checks it with the contracts' schema and
 * binds each provider's key to the environment variable it names. The key itself is read only when a request
 * is sent (a function, so the value never sits in the config object, a log line or a JSON dump), and a named variable
 * that is not set stops start-up with a message naming it — never the value.
 */
import { readFileSync } from 'node:fs'
import { voiceProvidersFileSchema, type VoiceProviderEntry } from '@loa/contracts'
import { z } from 'zod'
import { ConfigError, type Env } from './config.ts'

export interface VoiceProviderSettings extends VoiceProviderEntry {
  apiKey?: () => string | undefined
}

/** The env field: the file's path (optional). */
export const voiceProvidersEnvFields = {
  /** JSON file of outside voice providers and their voices (issue #26 §2); absent = none. */
  VOICE_PROVIDERS_FILE: z.string().optional(),
  /** How often each API and worker re-reads the providers added on the /admin Voices screen, in ms; 0 = never. */
  VOICE_PROVIDERS_REFRESH_MS: z.coerce.number().int().min(0).max(3_600_000).default(5_000),
}

/**
 * The prefix of the variables a provider added on the /admin Voices screen may name for its key: an operator
 * picks among the variables deployed for that purpose, never one of Loa's own secrets (DATABASE_URL,
 * SSO_OPERATOR_KEY, …), which a provider's base URL would otherwise receive.
 */
export const SCREEN_KEY_PREFIX = 'VOICE_KEY_'

/**
 * Reads the key variable a screen-added provider names, at request time (the apps' config hands this to the
 * provider source); a name without the prefix reads nothing.
 */
export const screenProviderKeyReader =
  (env: Env) =>
  (name: string): string | undefined =>
    name.startsWith(SCREEN_KEY_PREFIX) ? env[name] : undefined

export const voiceProvidersFromEnv = (
  app: string,
  path: string | undefined,
  env: Env,
): VoiceProviderSettings[] => {
  if (!path) return []
  let json: unknown
  try {
    json = JSON.parse(readFileSync(path, 'utf8'))
  } catch (error) {
    throw new ConfigError(app, [
      `VOICE_PROVIDERS_FILE: cannot read ${path} as JSON (${(error as Error).message})`,
    ])
  }
  const parsed = voiceProvidersFileSchema.safeParse(json)
  if (!parsed.success)
    throw new ConfigError(
      app,
      parsed.error.issues.map(
        (i) => `VOICE_PROVIDERS_FILE ${path}: ${i.path.join('.') || '(root)'}: ${i.message}`,
      ),
    )
  const missing = parsed.data.providers.filter((p) => p.api_key_env && !env[p.api_key_env])
  if (missing.length > 0)
    throw new ConfigError(
      app,
      missing.map(
        (p) => `${p.api_key_env}: the key of voice provider '${p.id}' (VOICE_PROVIDERS_FILE) (not set)`,
      ),
    )
  return parsed.data.providers.map((p) => {
    const name = p.api_key_env
    return name ? { ...p, apiKey: () => env[name] } : p
  })
}

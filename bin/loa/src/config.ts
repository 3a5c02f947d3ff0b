import path from 'node:path'
import { z } from 'zod'
import {
  httpUrl,
  logLevel,
  parseConfig,
  port,
  voiceProvidersEnvFields,
  voiceProvidersFromEnv,
  type Env,
  type VoiceProviderSettings,
} from '@loa/service-kit'

/** `LOA_DEFAULT_VOICES`: a comma list; `none` (or empty) turns the install off. */
export const parseDefaultVoices = (value: string): string[] =>
  value.trim().toLowerCase() === 'none'
    ? []
    : value
        .split(',')
        .map((v) => v.trim())
        .filter(Boolean)

/** The environment the CLI hands to every app's own `loadXConfig` (only config files read process.env). */
export const cliEnv = (): Env => ({ ...process.env })

const schema = z.object({
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  REDIS_URL: z.string().optional(),
  WEB_PORT: port(3000),
  WEB_PUBLIC_URL: httpUrl().optional(),
  LOG_LEVEL: logLevel(),
  /** Installed neural voices (default `$DATA_DIR/voices`). */
  VOICES_DIR: z.string().optional(),
  /** Where `loa voices install NAME` downloads Piper voices from. */
  PIPER_VOICES_URL: httpUrl().optional(),
  /** Piper voices `loa serve all` installs in the background (comma list; `none` = off). */
  LOA_DEFAULT_VOICES: z
    .string()
    .default('vi_VN-vais1000-medium')
    .refine((v) => /^\s*none\s*$/i.test(v) || v.split(',').every((n) => /^\s*[\w.:/%-]+\s*$/.test(n)), {
      message: "a comma list of Piper voice names (or …onnx URLs), or 'none'",
    }),
  ...voiceProvidersEnvFields,
})

export interface CliConfig {
  dataDir: string
  databaseUrl?: string
  redisUrl?: string
  webUrl: string
  logLevel: string
  voicesDir: string
  /** Undefined: the public Piper voice repository. */
  piperVoicesUrl?: string
  /** Voices installed in the background at `loa serve all` (empty: none). */
  defaultVoices: string[]
  /** Embedded mode: PGlite under `$DATA_DIR/db`, owned by one process at a time. */
  embedded: boolean
  /** Outside voice providers (`VOICE_PROVIDERS_FILE`): `loa voices` lists their voices, `loa speak -v` speaks them. */
  voiceProviders: VoiceProviderSettings[]
}

export const loadCliConfig = (env: Env = cliEnv()): CliConfig => {
  const c = parseConfig('loa', schema, env)
  return {
    dataDir: c.DATA_DIR,
    databaseUrl: c.DATABASE_URL,
    redisUrl: c.REDIS_URL,
    webUrl: c.WEB_PUBLIC_URL ?? `http://localhost:${c.WEB_PORT}`,
    logLevel: c.LOG_LEVEL,
    voicesDir: c.VOICES_DIR ?? path.join(c.DATA_DIR, 'voices'),
    piperVoicesUrl: c.PIPER_VOICES_URL,
    defaultVoices: parseDefaultVoices(c.LOA_DEFAULT_VOICES),
    embedded: !c.DATABASE_URL,
    voiceProviders: voiceProvidersFromEnv('loa', c.VOICE_PROVIDERS_FILE, env),
  }
}

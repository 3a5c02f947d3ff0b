import { z } from 'zod'

/**
 * Shared helpers for each app's own config.ts. Apps call `parseConfig` once with their schema;
 * a missing or malformed variable stops start-up with a message naming every bad variable.
 */
export class ConfigError extends Error {
  constructor(
    readonly app: string,
    readonly problems: string[],
  ) {
    super(`Invalid configuration for ${app}:\n${problems.map((p) => `  - ${p}`).join('\n')}`)
    this.name = 'ConfigError'
  }
}

export type Env = Record<string, string | undefined>

export const parseConfig = <S extends z.ZodType>(app: string, schema: S, env: Env): z.output<S> => {
  // Empty strings count as unset, so `FOO=` in a .env file means "use the default".
  const cleaned: Env = {}
  for (const [key, value] of Object.entries(env))
    if (value !== undefined && value !== '') cleaned[key] = value
  const parsed = schema.safeParse(cleaned)
  if (parsed.success) return parsed.data
  const problems = parsed.error.issues.map((issue) => {
    const name = issue.path.join('.') || '(root)'
    return `${name}: ${issue.message}${cleaned[name] === undefined ? ' (not set)' : ''}`
  })
  throw new ConfigError(app, problems)
}

/** Reusable field parsers. */
export const port = (fallback: number) => z.coerce.number().int().min(0).max(65535).default(fallback)
export const bool = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no'])
    .default(fallback ? 'true' : 'false')
    .transform((v) => v === 'true' || v === '1' || v === 'yes')
export const httpUrl = () =>
  z
    .string()
    .url()
    .refine((v) => /^https?:\/\//.test(v), 'must be an http(s) URL')
    .transform((v) => v.replace(/\/+$/, ''))
export const csv = () =>
  z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    )
export const logLevel = () =>
  z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info')

/** Redis shared by replicas (scale mode) and the key prefix of their rate-limit counters (api, sso). */
export const redisEnvFields = {
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// or rediss:// URL')
    .optional(),
  /** Key prefix of the rate-limit counters in Redis (installations sharing one Redis use different ones). */
  RATE_LIMIT_REDIS_PREFIX: z.string().min(1).max(100).default('loa:rl:'),
}

/** The S3 variables every process that touches storage reads (api, worker), parsed the same way everywhere. */
export const s3EnvFields = {
  S3_ENDPOINT: httpUrl().optional(),
  S3_BUCKET: z.string().min(3).optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: bool(true),
}

export interface S3Settings {
  endpoint?: string
  bucket: string
  region: string
  accessKeyId?: string
  secretAccessKey?: string
  forcePathStyle: boolean
}

type S3Env = z.output<z.ZodObject<typeof s3EnvFields>>

/** S3 settings when a bucket is configured; undefined means local files. */
export const s3FromEnv = (c: S3Env): S3Settings | undefined =>
  c.S3_BUCKET
    ? {
        endpoint: c.S3_ENDPOINT,
        bucket: c.S3_BUCKET,
        region: c.S3_REGION,
        accessKeyId: c.S3_ACCESS_KEY_ID,
        secretAccessKey: c.S3_SECRET_ACCESS_KEY,
        forcePathStyle: c.S3_FORCE_PATH_STYLE,
      }
    : undefined

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

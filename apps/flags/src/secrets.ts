import { randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import type { FlagsConfig } from './config.ts'

const SECRET_NAME = 'FLAGS_ADMIN_KEY'

export const secretsPath = (dataDir: string): string => path.join(dataDir, 'secrets.json')

const readSecrets = (file: string): Record<string, unknown> => {
  if (!existsSync(file)) return {}
  try {
    const parsed: unknown = JSON.parse(readFileSync(file, 'utf8'))
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : {}
  } catch {
    return {}
  }
}

/** Reads the operator key persisted in `$DATA_DIR/secrets.json`, if any. */
export const readStoredAdminKey = (dataDir: string): string | undefined => {
  const value = readSecrets(secretsPath(dataDir))[SECRET_NAME]
  return typeof value === 'string' && value.length >= 16 ? value : undefined
}

/**
 * The operator key: `FLAGS_ADMIN_KEY` when set; otherwise, in embedded mode (no DATABASE_URL), the one
 * stored in `$DATA_DIR/secrets.json`, generated there once (merged with the other services' secrets,
 * written atomically). In scale mode without a key, operator auth stays off (SSO admins only), so that
 * replicas never disagree on a generated key.
 */
export const resolveAdminKey = (config: FlagsConfig): FlagsConfig => {
  if (config.adminKey) return config
  if (config.databaseUrl || !config.generateAdminKey) return config
  const file = secretsPath(config.dataDir)
  const stored = readStoredAdminKey(config.dataDir)
  if (stored) return { ...config, adminKey: stored, secretsFile: file }
  mkdirSync(config.dataDir, { recursive: true })
  const secrets = readSecrets(file)
  const adminKey = `loa_flags_${randomBytes(24).toString('base64url')}`
  secrets[SECRET_NAME] = adminKey
  const tmp = `${file}.${process.pid}.tmp`
  writeFileSync(tmp, `${JSON.stringify(secrets, null, 2)}\n`, { mode: 0o600 })
  renameSync(tmp, file)
  return { ...config, adminKey, secretsFile: file }
}

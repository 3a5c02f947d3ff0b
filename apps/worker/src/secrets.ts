import { randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import path from 'node:path'

const readSecrets = (file: string): Record<string, unknown> => {
  if (!existsSync(file)) return {}
  try {
    const parsed: unknown = JSON.parse(readFileSync(file, 'utf8'))
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : {}
  } catch {
    return {}
  }
}

/**
 * A secret from `$DATA_DIR/secrets.json` (mode 0600, shared by the services of one installation), generated
 * once and merged into the file with an atomic rename when missing.
 */
export const readOrCreateSecret = (dataDir: string, name: string): string => {
  const file = path.join(path.resolve(dataDir), 'secrets.json')
  const existing = readSecrets(file)[name]
  if (typeof existing === 'string' && existing.length >= 16) return existing
  const value = randomBytes(32).toString('base64url')
  mkdirSync(path.dirname(file), { recursive: true })
  const merged = { ...readSecrets(file), [name]: value }
  const tmp = `${file}.${process.pid}.tmp`
  writeFileSync(tmp, `${JSON.stringify(merged, null, 2)}\n`, { mode: 0o600 })
  renameSync(tmp, file)
  return value
}

/** FILE_SIGNING_SECRET when set, otherwise the one stored in (or generated into) `$DATA_DIR/secrets.json`. */
export const resolveFileSigningSecret = (config: { fileSigningSecret?: string; dataDir: string }): string =>
  config.fileSigningSecret ?? readOrCreateSecret(config.dataDir, 'FILE_SIGNING_SECRET')

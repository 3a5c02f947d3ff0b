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
 * FILE_SIGNING_SECRET when set; otherwise the one in `$DATA_DIR/secrets.json` (shared with the worker of the
 * same installation), generated once and merged in with an atomic rename.
 */
export const resolveFileSigningSecret = (config: { fileSigningSecret?: string; dataDir: string }): string => {
  if (config.fileSigningSecret) return config.fileSigningSecret
  const file = path.join(path.resolve(config.dataDir), 'secrets.json')
  const existing = readSecrets(file).FILE_SIGNING_SECRET
  if (typeof existing === 'string' && existing.length >= 16) return existing
  const value = randomBytes(32).toString('base64url')
  mkdirSync(path.dirname(file), { recursive: true })
  const merged = { ...readSecrets(file), FILE_SIGNING_SECRET: value }
  const tmp = `${file}.${process.pid}.tmp`
  writeFileSync(tmp, `${JSON.stringify(merged, null, 2)}\n`, { mode: 0o600 })
  renameSync(tmp, file)
  return value
}

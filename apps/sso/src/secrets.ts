import { randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import path from 'node:path'

/**
 * Embedded mode keeps generated secrets in `$DATA_DIR/secrets.json` (mode 0600), one key per name, shared with
 * the other services. A missing name is generated once and merged into the file (atomic rename).
 */
export const readOrCreateSecret = (dataDir: string, name: string): string => {
  const file = path.join(path.resolve(dataDir), 'secrets.json')
  const current = readSecrets(file)
  const existing = current[name]
  if (typeof existing === 'string' && existing.length >= 16) return existing
  const value = randomBytes(32).toString('base64url')
  mkdirSync(path.dirname(file), { recursive: true })
  const merged = { ...readSecrets(file), [name]: value }
  const tmp = `${file}.${process.pid}.tmp`
  writeFileSync(tmp, `${JSON.stringify(merged, null, 2)}\n`, { mode: 0o600 })
  renameSync(tmp, file)
  return value
}

export const readSecrets = (file: string): Record<string, unknown> => {
  if (!existsSync(file)) return {}
  try {
    const parsed: unknown = JSON.parse(readFileSync(file, 'utf8'))
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : {}
  } catch {
    return {}
  }
}

/** The operator key stored in `$DATA_DIR/secrets.json` by an embedded server, if any. */
export const readStoredOperatorKey = (dataDir: string): string | undefined => {
  const value = readSecrets(path.join(path.resolve(dataDir), 'secrets.json')).SSO_OPERATOR_KEY
  return typeof value === 'string' ? value : undefined
}

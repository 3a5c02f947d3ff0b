import { randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import path from 'node:path'

/**
 * Embedded mode keeps generated secrets in `$DATA_DIR/secrets.json` (mode 0600), one key per name, shared by the
 * services of one installation (api and worker sign files with the same key). Scale mode passes them in the
 * environment instead.
 */
export const secretsFile = (dataDir: string): string => path.join(path.resolve(dataDir), 'secrets.json')

const readSecrets = (file: string): Record<string, unknown> => {
  if (!existsSync(file)) return {}
  try {
    const parsed: unknown = JSON.parse(readFileSync(file, 'utf8'))
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : {}
  } catch {
    return {}
  }
}

/** A generated secret is at least this long; a shorter stored value is treated as missing. */
const MIN_SECRET_LENGTH = 16

/** The secret `name` stored in `$DATA_DIR/secrets.json`, if there is one. */
export const readStoredSecret = (dataDir: string, name: string): string | undefined => {
  const value = readSecrets(secretsFile(dataDir))[name]
  return typeof value === 'string' && value.length >= MIN_SECRET_LENGTH ? value : undefined
}

/**
 * The secret `name` from `$DATA_DIR/secrets.json`; a missing one is generated once (`generate`, default 32 random
 * bytes in base64url) and merged into the file with an atomic rename, keeping the other services' secrets.
 */
export const readOrCreateSecret = (
  dataDir: string,
  name: string,
  generate: () => string = () => randomBytes(32).toString('base64url'),
): string => {
  const existing = readStoredSecret(dataDir, name)
  if (existing) return existing
  const file = secretsFile(dataDir)
  const value = generate()
  mkdirSync(path.dirname(file), { recursive: true })
  const merged = { ...readSecrets(file), [name]: value }
  const tmp = `${file}.${process.pid}.tmp`
  writeFileSync(tmp, `${JSON.stringify(merged, null, 2)}\n`, { mode: 0o600 })
  renameSync(tmp, file)
  return value
}

/** FILE_SIGNING_SECRET when set, otherwise the one stored in (or generated into) `$DATA_DIR/secrets.json`. */
export const resolveFileSigningSecret = (config: { fileSigningSecret?: string; dataDir: string }): string =>
  config.fileSigningSecret || readOrCreateSecret(config.dataDir, 'FILE_SIGNING_SECRET')

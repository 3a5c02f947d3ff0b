import { randomBytes } from 'node:crypto'
import { readOrCreateSecret, readStoredSecret, secretsFile } from '@loa/service-kit'
import type { FlagsConfig } from './config.ts'

const SECRET_NAME = 'FLAGS_ADMIN_KEY'

export { secretsFile as secretsPath }

/** Reads the operator key persisted in `$DATA_DIR/secrets.json`, if any. */
export const readStoredAdminKey = (dataDir: string): string | undefined =>
  readStoredSecret(dataDir, SECRET_NAME)

/**
 * The operator key: `FLAGS_ADMIN_KEY` when set; otherwise, in embedded mode (no DATABASE_URL), the one
 * stored in `$DATA_DIR/secrets.json`, generated there once (merged with the other services' secrets,
 * written atomically). In scale mode without a key, operator auth stays off (SSO admins only), so that
 * replicas never disagree on a generated key.
 */
export const resolveAdminKey = (config: FlagsConfig): FlagsConfig => {
  if (config.adminKey) return config
  if (config.databaseUrl || !config.generateAdminKey) return config
  const adminKey = readOrCreateSecret(
    config.dataDir,
    SECRET_NAME,
    () => `loa_flags_${randomBytes(24).toString('base64url')}`,
  )
  return { ...config, adminKey, secretsFile: secretsFile(config.dataDir) }
}

import { AppError } from '@loa/contracts'
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import type { ApiConfig } from '../../config.ts'
import { ApiErrorCode } from '../../errors.ts'

/** The operator key an embedded SSO generated into `$DATA_DIR/secrets.json` (read at use: the SSO may start later). */
const storedOperatorKey = (dataDir: string): string | undefined => {
  const file = path.join(path.resolve(dataDir), 'secrets.json')
  if (!existsSync(file)) return undefined
  try {
    const value = (JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>).SSO_OPERATOR_KEY
    return typeof value === 'string' ? value : undefined
  } catch {
    return undefined
  }
}

export interface SsoOperator {
  /** Disables (and signs out everywhere) or re-enables an account on the SSO. */
  setLocked: (userId: string, locked: boolean) => Promise<void>
}

/** Calls the SSO's operator API (`/admin/v1/...`, Bearer SSO_OPERATOR_KEY). */
export const createSsoOperator = (config: ApiConfig, fetchImpl: typeof fetch = fetch): SsoOperator => ({
  setLocked: async (userId, locked) => {
    const key = config.ssoOperatorKey ?? storedOperatorKey(config.dataDir)
    if (!key)
      throw new AppError(ApiErrorCode.SSO_OPERATOR_UNAVAILABLE, 'SSO_OPERATOR_KEY is not configured', 503)
    let response: Response
    try {
      response = await fetchImpl(
        `${config.ssoInternalUrl.replace(/\/+$/, '')}/admin/v1/users/${encodeURIComponent(userId)}/lock`,
        {
          method: 'POST',
          headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
          body: JSON.stringify({ locked }),
          signal: AbortSignal.timeout(10_000),
        },
      )
    } catch (error) {
      throw new AppError(
        ApiErrorCode.SSO_OPERATOR_UNAVAILABLE,
        `The SSO did not answer: ${(error as Error).message}`,
        503,
      )
    }
    if (!response.ok)
      throw new AppError(
        ApiErrorCode.SSO_OPERATOR_UNAVAILABLE,
        `The SSO refused the lock change (HTTP ${response.status})`,
        503,
      )
  },
})

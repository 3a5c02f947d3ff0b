import { randomBytes } from 'node:crypto'

import { AppError } from '@loa/contracts'
import { flags, type Db } from '@loa/db'
import { FlagsErrorCode } from '../error-codes.ts'

/** What the store modules share: the flags tables, the audit row, key and reference checks. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]
export type Conn = Db | Tx

export const {
  flagFeatures: F,
  flagFeatureEnvironments: FE,
  flagSavedGroups: G,
  flagClientKeys: K,
  flagAuditLog: A,
} = flags

export const KEY_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/

export const newRuleId = () => `fr_${randomBytes(6).toString('hex')}`
export const notFound = (code: string, what: string) => new AppError(code, `${what} not found`, 404)

export const audit = async (
  tx: Conn,
  actor: string,
  action: string,
  entityType: string,
  entityId: string,
  before: unknown,
  after: unknown,
) => {
  await tx
    .insert(A)
    .values({ actor, action, entityType, entityId, before: before ?? null, after: after ?? null })
}

export const checkKey = (key: string, what: string) => {
  if (!KEY_PATTERN.test(key))
    throw new AppError(
      FlagsErrorCode.FLAG_KEY_INVALID,
      `${what} must be 1–100 letters, digits, '.', '_' or '-', starting with a letter or digit`,
      400,
      { details: { path: 'key' } },
    )
}

export const savedGroupIds = async (tx: Conn) =>
  new Set((await tx.select({ id: G.id }).from(G)).map((g) => g.id))

export const knownEnvironments = async (tx: Conn): Promise<Set<string>> => {
  const rows = await tx.selectDistinct({ environment: K.environment }).from(K)
  return new Set(rows.map((r) => r.environment))
}

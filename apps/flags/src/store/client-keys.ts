import { randomBytes } from 'node:crypto'
import { eq, isNull, sql } from 'drizzle-orm'
import { AppError } from '@loa/contracts'
import { type Db } from '@loa/db'
import { generateEncryptionKey, isValidEncryptionKey } from '../crypto.ts'
import { FlagsErrorCode } from '../error-codes.ts'
import { audit, checkKey, type Conn, F, FE, K, notFound } from './shared.ts'

/** SDK client keys (one environment each, optionally encrypted payloads). */
export interface ClientKeyView {
  key: string
  name: string
  environment: string
  description: string
  encrypted: boolean
  /** Only in admin answers: the SDK's `decryptionKey` for this client key. */
  encryption_key: string | null
  remote_eval_only: boolean
  date_updated: string
  archived: boolean
  created_at: string
}

const keyView = (k: typeof K.$inferSelect): ClientKeyView => ({
  key: k.key,
  name: k.name,
  environment: k.environment,
  description: k.description,
  encrypted: k.encryptionKey !== null,
  encryption_key: k.encryptionKey,
  remote_eval_only: k.remoteEvalOnly,
  date_updated: k.dateUpdated.toISOString(),
  archived: k.archivedAt !== null,
  created_at: k.createdAt.toISOString(),
})

export const listClientKeys = async (db: Conn, { includeArchived = false } = {}): Promise<ClientKeyView[]> =>
  (
    await db
      .select()
      .from(K)
      .where(includeArchived ? undefined : isNull(K.archivedAt))
      .orderBy(K.environment, K.key)
  ).map(keyView)

const getKeyRow = async (db: Conn, key: string) => {
  const [k] = await db.select().from(K).where(eq(K.key, key))
  if (!k) throw notFound(FlagsErrorCode.FLAG_CLIENT_KEY_NOT_FOUND, `Client key '${key}'`)
  return k
}

export interface ClientKeyInput {
  key?: string
  name: string
  environment: string
  description?: string
  /** true: generate an encryption key; a string: use that base64 16-byte key. */
  encryption?: boolean | string
  remote_eval_only?: boolean
}

const encryptionKeyFrom = (value: boolean | string | undefined, current: string | null): string | null => {
  if (value === undefined) return current
  if (value === false) return null
  if (value === true) return current ?? generateEncryptionKey()
  if (!isValidEncryptionKey(value))
    throw new AppError(FlagsErrorCode.FLAG_RULE_INVALID, 'encryption must be a base64 key of 16 bytes', 400, {
      details: { path: 'encryption' },
    })
  return value
}

export const createClientKey = async (
  db: Db,
  actor: string,
  input: ClientKeyInput,
): Promise<ClientKeyView> => {
  const key = input.key ?? `sdk-${randomBytes(12).toString('base64url')}`
  checkKey(key, 'Client key')
  checkKey(input.environment, 'Environment')
  return db.transaction(async (tx) => {
    const [exists] = await tx.select({ key: K.key }).from(K).where(eq(K.key, key))
    if (exists)
      throw new AppError(FlagsErrorCode.FLAG_CLIENT_KEY_EXISTS, `Client key '${key}' already exists`, 409)
    await tx.insert(K).values({
      key,
      name: input.name,
      environment: input.environment,
      description: input.description ?? '',
      encryptionKey: encryptionKeyFrom(input.encryption, null),
      remoteEvalOnly: input.remote_eval_only ?? false,
    })
    // A new environment starts with every flag present and enabled, with no rules.
    const features = await tx.select({ key: F.key }).from(F)
    if (features.length)
      await tx
        .insert(FE)
        .values(
          features.map((f) => ({
            featureKey: f.key,
            environment: input.environment,
            enabled: true,
            rules: [],
          })),
        )
        .onConflictDoNothing()
    const view = keyView(await getKeyRow(tx, key))
    await audit(tx, actor, 'client_key.create', 'client_key', key, null, {
      ...view,
      encryption_key: view.encrypted ? '***' : null,
    })
    return view
  })
}

export const updateClientKey = async (
  db: Db,
  actor: string,
  key: string,
  input: Partial<Omit<ClientKeyInput, 'key' | 'environment'>> & { archived?: boolean },
): Promise<ClientKeyView> =>
  db.transaction(async (tx) => {
    const row = await getKeyRow(tx, key)
    const before = keyView(row)
    await tx
      .update(K)
      .set({
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.description !== undefined ? { description: input.description } : {}),
        ...(input.remote_eval_only !== undefined ? { remoteEvalOnly: input.remote_eval_only } : {}),
        ...(input.archived !== undefined
          ? { archivedAt: input.archived ? (row.archivedAt ?? new Date()) : null }
          : {}),
        encryptionKey: encryptionKeyFrom(input.encryption, row.encryptionKey),
        dateUpdated: sql`greatest(date_trunc('milliseconds', clock_timestamp()), ${K.dateUpdated} + interval '1 millisecond')`,
      })
      .where(eq(K.key, key))
    const after = keyView(await getKeyRow(tx, key))
    const mask = (v: ClientKeyView) => ({ ...v, encryption_key: v.encrypted ? '***' : null })
    await audit(tx, actor, 'client_key.update', 'client_key', key, mask(before), mask(after))
    return after
  })

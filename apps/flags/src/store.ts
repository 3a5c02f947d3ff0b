import { randomBytes } from 'node:crypto'
import { and, desc, eq, isNull, lt, sql, type SQL } from 'drizzle-orm'
import { AppError } from '@loa/contracts'
import { flags, type Db } from '@loa/db'
import { generateEncryptionKey, isValidEncryptionKey } from './crypto.ts'
import { FlagsErrorCode } from './error-codes.ts'
import { touchClientKeys } from './payload.ts'
import { checkValueType, referencedGroups, validateRules, VALUE_TYPES, type ValueType } from './validate.ts'

/**
 * Admin operations on flags, saved groups and client keys, shared by the admin API and the CLI (which
 * opens the database directly when the service is not running). Every change runs in one transaction
 * with its audit row and the `dateUpdated` bump of the affected client keys.
 */
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]
type Conn = Db | Tx

const {
  flagFeatures: F,
  flagFeatureEnvironments: FE,
  flagSavedGroups: G,
  flagClientKeys: K,
  flagAuditLog: A,
} = flags

export const KEY_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/

const newRuleId = () => `fr_${randomBytes(6).toString('hex')}`
const notFound = (code: string, what: string) => new AppError(code, `${what} not found`, 404)

const audit = async (
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

const checkKey = (key: string, what: string) => {
  if (!KEY_PATTERN.test(key))
    throw new AppError(
      FlagsErrorCode.FLAG_KEY_INVALID,
      `${what} must be 1–100 letters, digits, '.', '_' or '-', starting with a letter or digit`,
      400,
      { details: { path: 'key' } },
    )
}

const savedGroupIds = async (tx: Conn) => new Set((await tx.select({ id: G.id }).from(G)).map((g) => g.id))

const knownEnvironments = async (tx: Conn): Promise<Set<string>> => {
  const rows = await tx.selectDistinct({ environment: K.environment }).from(K)
  return new Set(rows.map((r) => r.environment))
}

// ---------------------------------------------------------------- features

export interface EnvironmentSettings {
  enabled: boolean
  default_value?: unknown
  rules: unknown[]
}

export interface FeatureView {
  key: string
  value_type: string
  default_value: unknown
  description: string
  tags: string[]
  archived: boolean
  archived_at: string | null
  created_at: string
  updated_at: string
  updated_by: string
  environments: Record<string, EnvironmentSettings>
}

const featureView = (f: typeof F.$inferSelect, envs: (typeof FE.$inferSelect)[]): FeatureView => ({
  key: f.key,
  value_type: f.valueType,
  default_value: f.defaultValue,
  description: f.description,
  tags: f.tags,
  archived: f.archivedAt !== null,
  archived_at: f.archivedAt?.toISOString() ?? null,
  created_at: f.createdAt.toISOString(),
  updated_at: f.updatedAt.toISOString(),
  updated_by: f.updatedBy,
  environments: Object.fromEntries(
    envs.map((e) => [
      e.environment,
      {
        enabled: e.enabled,
        ...(e.defaultOverride ? { default_value: e.defaultOverride.value } : {}),
        rules: Array.isArray(e.rules) ? e.rules : [],
      },
    ]),
  ),
})

export const listFeatures = async (db: Conn, { includeArchived = false } = {}): Promise<FeatureView[]> => {
  const features = await db
    .select()
    .from(F)
    .where(includeArchived ? undefined : isNull(F.archivedAt))
    .orderBy(F.key)
  const envs = await db.select().from(FE).orderBy(FE.featureKey, FE.environment)
  const byKey = new Map<string, (typeof FE.$inferSelect)[]>()
  for (const e of envs) byKey.set(e.featureKey, [...(byKey.get(e.featureKey) ?? []), e])
  return features.map((f) => featureView(f, byKey.get(f.key) ?? []))
}

export const getFeature = async (db: Conn, key: string): Promise<FeatureView> => {
  const [f] = await db.select().from(F).where(eq(F.key, key))
  if (!f) throw notFound(FlagsErrorCode.FLAG_NOT_FOUND, `Flag '${key}'`)
  const envs = await db.select().from(FE).where(eq(FE.featureKey, key)).orderBy(FE.environment)
  return featureView(f, envs)
}

export interface EnvironmentInput {
  enabled?: boolean
  /** A value replaces the default in this environment; null removes the override. */
  default_value?: unknown
  rules?: unknown[]
}

export interface CreateFeatureInput {
  key: string
  value_type: ValueType
  default_value: unknown
  description?: string
  tags?: string[]
  environments?: Record<string, EnvironmentInput>
}

const upsertEnvironment = async (
  tx: Conn,
  featureKey: string,
  valueType: ValueType,
  environment: string,
  input: EnvironmentInput,
  existing: typeof FE.$inferSelect | undefined,
) => {
  const envs = await knownEnvironments(tx)
  if (!envs.has(environment))
    throw new AppError(
      FlagsErrorCode.FLAG_ENVIRONMENT_UNKNOWN,
      `No client key uses environment '${environment}' (known: ${[...envs].join(', ') || 'none'})`,
      400,
      { details: { path: `environments.${environment}` } },
    )
  const rules =
    input.rules !== undefined
      ? validateRules(input.rules, valueType, { savedGroupIds: await savedGroupIds(tx), newId: newRuleId })
      : ((existing?.rules as unknown[] | undefined) ?? [])
  let defaultOverride = existing?.defaultOverride ?? null
  if ('default_value' in input) {
    if (input.default_value === null && valueType !== 'json') defaultOverride = null
    else {
      checkValueType(valueType, input.default_value, `environments.${environment}.default_value`)
      defaultOverride = { value: input.default_value }
    }
  }
  const values = {
    featureKey,
    environment,
    enabled: input.enabled ?? existing?.enabled ?? true,
    defaultOverride,
    rules,
    updatedAt: new Date(),
  }
  await tx
    .insert(FE)
    .values(values)
    .onConflictDoUpdate({
      target: [FE.featureKey, FE.environment],
      set: { enabled: values.enabled, defaultOverride, rules, updatedAt: values.updatedAt },
    })
}

export const createFeature = async (
  db: Db,
  actor: string,
  input: CreateFeatureInput,
): Promise<FeatureView> => {
  checkKey(input.key, 'Flag key')
  if (!VALUE_TYPES.includes(input.value_type))
    throw new AppError(
      FlagsErrorCode.FLAG_VALUE_TYPE_MISMATCH,
      `value_type must be one of ${VALUE_TYPES.join(', ')}`,
      400,
      {
        details: { path: 'value_type' },
      },
    )
  checkValueType(input.value_type, input.default_value, 'default_value')
  return db.transaction(async (tx) => {
    const [exists] = await tx.select({ key: F.key }).from(F).where(eq(F.key, input.key))
    if (exists) throw new AppError(FlagsErrorCode.FLAG_EXISTS, `Flag '${input.key}' already exists`, 409)
    await tx.insert(F).values({
      key: input.key,
      valueType: input.value_type,
      defaultValue: input.default_value,
      description: input.description ?? '',
      tags: input.tags ?? [],
      updatedBy: actor,
    })
    const envs = await knownEnvironments(tx)
    for (const env of envs)
      await upsertEnvironment(
        tx,
        input.key,
        input.value_type,
        env,
        input.environments?.[env] ?? {},
        undefined,
      )
    for (const env of Object.keys(input.environments ?? {}))
      if (!envs.has(env)) await upsertEnvironment(tx, input.key, input.value_type, env, {}, undefined)
    const view = await getFeature(tx, input.key)
    await audit(tx, actor, 'feature.create', 'feature', input.key, null, view)
    await touchClientKeys(tx as unknown as Db)
    return view
  })
}

export interface UpdateFeatureInput {
  default_value?: unknown
  description?: string
  tags?: string[]
  environments?: Record<string, EnvironmentInput>
}

export const updateFeature = async (
  db: Db,
  actor: string,
  key: string,
  input: UpdateFeatureInput,
): Promise<FeatureView> =>
  db.transaction(async (tx) => {
    const before = await getFeature(tx, key)
    if (before.archived)
      throw new AppError(FlagsErrorCode.FLAG_ARCHIVED, `Flag '${key}' is archived; unarchive it first`, 409)
    const valueType = before.value_type as ValueType
    const patch: Partial<typeof F.$inferInsert> = { updatedAt: new Date(), updatedBy: actor }
    if ('default_value' in input) {
      checkValueType(valueType, input.default_value, 'default_value')
      patch.defaultValue = input.default_value
    }
    if (input.description !== undefined) patch.description = input.description
    if (input.tags !== undefined) patch.tags = input.tags
    await tx.update(F).set(patch).where(eq(F.key, key))
    const existing = await tx.select().from(FE).where(eq(FE.featureKey, key))
    for (const [env, settings] of Object.entries(input.environments ?? {}))
      await upsertEnvironment(
        tx,
        key,
        valueType,
        env,
        settings,
        existing.find((e) => e.environment === env),
      )
    const after = await getFeature(tx, key)
    // Nothing changed (same values written again): no audit entry, no new payload version, no SSE message.
    const comparable = (v: FeatureView) => JSON.stringify({ ...v, updated_at: '', updated_by: '' })
    if (comparable(after) === comparable(before)) return before
    await audit(tx, actor, 'feature.update', 'feature', key, before, after)
    // A change limited to some environments bumps only their client keys; anything else bumps every key.
    const envOnly = Object.keys(input).every((k) => k === 'environments')
    if (envOnly)
      for (const env of Object.keys(input.environments ?? {})) await touchClientKeys(tx as unknown as Db, env)
    else await touchClientKeys(tx as unknown as Db)
    return after
  })

/** Rules of one environment, replaced as a whole (ordered; first match wins). */
export const setRules = async (
  db: Db,
  actor: string,
  key: string,
  environment: string,
  rules: unknown[],
): Promise<FeatureView> => updateFeature(db, actor, key, { environments: { [environment]: { rules } } })

export const setArchived = async (
  db: Db,
  actor: string,
  key: string,
  archived: boolean,
): Promise<FeatureView> =>
  db.transaction(async (tx) => {
    const before = await getFeature(tx, key)
    await tx
      .update(F)
      .set({
        archivedAt: archived ? (before.archived_at ? new Date(before.archived_at) : new Date()) : null,
        updatedAt: new Date(),
        updatedBy: actor,
      })
      .where(eq(F.key, key))
    const after = await getFeature(tx, key)
    await audit(tx, actor, archived ? 'feature.archive' : 'feature.unarchive', 'feature', key, before, after)
    await touchClientKeys(tx as unknown as Db)
    return after
  })

/** Parses a CLI value for a flag of the given type (`true`, `42`, `text`, `{"a":1}`). */
export const parseValue = (valueType: ValueType, raw: string): unknown => {
  if (valueType === 'string') return raw
  try {
    return JSON.parse(raw) as unknown
  } catch {
    throw new AppError(FlagsErrorCode.FLAG_VALUE_TYPE_MISMATCH, `'${raw}' is not a ${valueType} value`, 400)
  }
}

// ---------------------------------------------------------------- saved groups

export interface SavedGroupView {
  id: string
  name: string
  attribute_key: string
  values: (string | number)[]
  created_at: string
  updated_at: string
}

const groupView = (g: typeof G.$inferSelect): SavedGroupView => ({
  id: g.id,
  name: g.name,
  attribute_key: g.attributeKey,
  values: g.values,
  created_at: g.createdAt.toISOString(),
  updated_at: g.updatedAt.toISOString(),
})

export const listSavedGroups = async (db: Conn): Promise<SavedGroupView[]> =>
  (await db.select().from(G).orderBy(G.id)).map(groupView)

const getGroup = async (db: Conn, id: string) => {
  const [g] = await db.select().from(G).where(eq(G.id, id))
  if (!g) throw notFound(FlagsErrorCode.FLAG_SAVED_GROUP_NOT_FOUND, `Saved group '${id}'`)
  return g
}

export interface SavedGroupInput {
  id: string
  name?: string
  attribute_key?: string
  values: (string | number)[]
}

export const createSavedGroup = async (
  db: Db,
  actor: string,
  input: SavedGroupInput,
): Promise<SavedGroupView> => {
  checkKey(input.id, 'Saved group id')
  return db.transaction(async (tx) => {
    const [exists] = await tx.select({ id: G.id }).from(G).where(eq(G.id, input.id))
    if (exists)
      throw new AppError(
        FlagsErrorCode.FLAG_SAVED_GROUP_EXISTS,
        `Saved group '${input.id}' already exists`,
        409,
      )
    await tx.insert(G).values({
      id: input.id,
      name: input.name ?? input.id,
      attributeKey: input.attribute_key ?? 'id',
      values: [...new Set(input.values)],
    })
    const view = groupView(await getGroup(tx, input.id))
    await audit(tx, actor, 'saved_group.create', 'saved_group', input.id, null, view)
    await touchClientKeys(tx as unknown as Db)
    return view
  })
}

export const updateSavedGroup = async (
  db: Db,
  actor: string,
  id: string,
  input: Partial<Omit<SavedGroupInput, 'id'>>,
): Promise<SavedGroupView> =>
  db.transaction(async (tx) => {
    const before = groupView(await getGroup(tx, id))
    await tx
      .update(G)
      .set({
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.attribute_key !== undefined ? { attributeKey: input.attribute_key } : {}),
        ...(input.values !== undefined ? { values: [...new Set(input.values)] } : {}),
        updatedAt: new Date(),
      })
      .where(eq(G.id, id))
    const after = groupView(await getGroup(tx, id))
    await audit(tx, actor, 'saved_group.update', 'saved_group', id, before, after)
    await touchClientKeys(tx as unknown as Db)
    return after
  })

export const deleteSavedGroup = async (db: Db, actor: string, id: string): Promise<void> =>
  db.transaction(async (tx) => {
    const before = groupView(await getGroup(tx, id))
    const users = (await tx.select({ key: FE.featureKey, rules: FE.rules }).from(FE))
      .filter((e) => referencedGroups(e.rules).has(id))
      .map((e) => e.key)
    if (users.length)
      throw new AppError(
        FlagsErrorCode.FLAG_SAVED_GROUP_IN_USE,
        `Saved group '${id}' is used by ${[...new Set(users)].join(', ')}`,
        409,
        {
          details: { flags: [...new Set(users)] },
        },
      )
    await tx.delete(G).where(eq(G.id, id))
    await audit(tx, actor, 'saved_group.delete', 'saved_group', id, before, null)
    await touchClientKeys(tx as unknown as Db)
  })

// ---------------------------------------------------------------- client keys

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

// ---------------------------------------------------------------- audit

export interface AuditView {
  id: number
  at: string
  actor: string
  action: string
  entity_type: string
  entity_id: string
  before: unknown
  after: unknown
}

export const listAudit = async (
  db: Conn,
  filter: { entityType?: string; entityId?: string; limit?: number; beforeId?: number } = {},
): Promise<AuditView[]> => {
  const where: SQL[] = []
  if (filter.entityType) where.push(eq(A.entityType, filter.entityType))
  if (filter.entityId) where.push(eq(A.entityId, filter.entityId))
  if (filter.beforeId) where.push(lt(A.id, filter.beforeId))
  const rows = await db
    .select()
    .from(A)
    .where(where.length ? and(...where) : undefined)
    .orderBy(desc(A.id))
    .limit(Math.min(Math.max(filter.limit ?? 50, 1), 500))
  return rows.map((r) => ({
    id: r.id,
    at: r.at.toISOString(),
    actor: r.actor,
    action: r.action,
    entity_type: r.entityType,
    entity_id: r.entityId,
    before: r.before,
    after: r.after,
  }))
}

import { eq, isNull } from 'drizzle-orm'
import { AppError } from '@loa/contracts'
import { type Db } from '@loa/db'
import { FlagsErrorCode } from '../error-codes.ts'
import { touchClientKeys } from '../payload.ts'
import { checkValueType, validateRules, VALUE_TYPES, type ValueType } from '../validate.ts'
import {
  audit,
  checkKey,
  type Conn,
  F,
  FE,
  knownEnvironments,
  newRuleId,
  notFound,
  savedGroupIds,
} from './shared.ts'

/** Flags (features) and their per-environment settings. */
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

import { and, eq, isNull, sql } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import { flags, type Db } from '@loa/db'
import { encryptString } from './crypto.ts'
import { checkValueType, validateRules, type ValueType } from './validate.ts'

/** What the SDK reads (`FeatureApiResponse`), plus GrowthBook's `status`. */
export interface FeaturesPayload {
  status: 200
  features: Record<string, FeatureDefinitionOut>
  experiments: unknown[]
  dateUpdated: string
  savedGroups?: Record<string, (string | number)[]>
  encryptedFeatures?: string
  encryptedSavedGroups?: string
}

export interface FeatureDefinitionOut {
  defaultValue: unknown
  rules?: Record<string, unknown>[]
}

export type ClientKeyRow = typeof flags.flagClientKeys.$inferSelect

export interface BuiltPayload {
  key: string
  version: string
  /** Plain payload (server-side evaluation reads this one). */
  plain: FeaturesPayload
  /** What GET /api/features and SSE send (encrypted when the key has an encryption key). */
  wire: FeaturesPayload
  /** Features left out because their stored definition is broken (logged). */
  skipped: string[]
}

const SERVED_RULE_OMIT = new Set(['enabled', 'description'])

export const findClientKey = async (db: Db, key: string): Promise<ClientKeyRow | undefined> => {
  const [row] = await db
    .select()
    .from(flags.flagClientKeys)
    .where(and(eq(flags.flagClientKeys.key, key), isNull(flags.flagClientKeys.archivedAt)))
  return row
}

/**
 * Builds the payload of one client key from the database. Each feature is checked on its own: a broken
 * stored definition (edited by hand, or from an older version) is left out and logged, so the SDK falls
 * back to the coded default for that one flag and every other flag is still served.
 */
export const buildPayload = async (
  db: Db,
  keyRow: ClientKeyRow,
  log?: FastifyBaseLogger,
): Promise<BuiltPayload> => {
  const rows = await db
    .select({
      key: flags.flagFeatures.key,
      valueType: flags.flagFeatures.valueType,
      defaultValue: flags.flagFeatures.defaultValue,
      enabled: flags.flagFeatureEnvironments.enabled,
      defaultOverride: flags.flagFeatureEnvironments.defaultOverride,
      rules: flags.flagFeatureEnvironments.rules,
    })
    .from(flags.flagFeatures)
    .leftJoin(
      flags.flagFeatureEnvironments,
      and(
        eq(flags.flagFeatureEnvironments.featureKey, flags.flagFeatures.key),
        eq(flags.flagFeatureEnvironments.environment, keyRow.environment),
      ),
    )
    .where(isNull(flags.flagFeatures.archivedAt))
    .orderBy(flags.flagFeatures.key)
  const groups = await db.select().from(flags.flagSavedGroups).orderBy(flags.flagSavedGroups.id)

  const savedGroups: Record<string, (string | number)[]> = {}
  for (const g of groups) {
    if (Array.isArray(g.values) && g.values.every((v) => typeof v === 'string' || typeof v === 'number'))
      savedGroups[g.id] = g.values
    else log?.warn({ savedGroup: g.id }, 'saved group with malformed values left out of the payload')
  }
  const groupIds = new Set(Object.keys(savedGroups))

  const features: Record<string, FeatureDefinitionOut> = {}
  const skipped: string[] = []
  for (const row of rows) {
    if (row.enabled === false) continue
    try {
      const valueType = row.valueType as ValueType
      if (!['boolean', 'string', 'number', 'json'].includes(valueType))
        throw new Error(`bad value type ${valueType}`)
      const defaultValue = row.defaultOverride ? row.defaultOverride.value : row.defaultValue
      checkValueType(valueType, defaultValue, 'defaultValue')
      const rules = validateRules(row.rules ?? [], valueType, {
        savedGroupIds: groupIds,
        newId: () => {
          throw new Error('stored rule without id')
        },
      })
      const served = rules
        .filter((r) => r.enabled !== false)
        .map((r) => Object.fromEntries(Object.entries(r).filter(([k]) => !SERVED_RULE_OMIT.has(k))))
      features[row.key] = served.length ? { defaultValue, rules: served } : { defaultValue }
    } catch (error) {
      skipped.push(row.key)
      log?.warn(
        { feature: row.key, err: error instanceof Error ? error.message : String(error) },
        'broken feature definition left out of the payload',
      )
    }
  }

  const version = keyRow.dateUpdated.toISOString()
  const plain: FeaturesPayload = { status: 200, features, experiments: [], dateUpdated: version, savedGroups }
  let wire = plain
  if (keyRow.encryptionKey) {
    wire = {
      status: 200,
      features: {},
      experiments: [],
      dateUpdated: version,
      encryptedFeatures: await encryptString(JSON.stringify(features), keyRow.encryptionKey),
      encryptedSavedGroups: await encryptString(JSON.stringify(savedGroups), keyRow.encryptionKey),
    }
  }
  return { key: keyRow.key, version, plain, wire, skipped }
}

/**
 * Bumps `dateUpdated` of the client keys whose payload a change affects (all keys, or one environment's).
 * Strictly increasing even for two edits within one millisecond: the SDK ignores a payload whose
 * `dateUpdated` equals the one it has cached.
 */
export const touchClientKeys = async (db: Db, environment?: string): Promise<void> => {
  const bump = sql`greatest(date_trunc('milliseconds', clock_timestamp()), ${flags.flagClientKeys.dateUpdated} + interval '1 millisecond')`
  const q = db.update(flags.flagClientKeys).set({ dateUpdated: bump })
  if (environment) await q.where(eq(flags.flagClientKeys.environment, environment))
  else await q
}

/** Per-process cache of built payloads, keyed by client key and valid for one `dateUpdated`. */
export class PayloadCache {
  private readonly entries = new Map<string, BuiltPayload>()

  constructor(
    private readonly db: Db,
    private readonly log?: FastifyBaseLogger,
  ) {}

  async get(keyRow: ClientKeyRow): Promise<BuiltPayload> {
    const version = keyRow.dateUpdated.toISOString()
    const hit = this.entries.get(keyRow.key)
    if (hit && hit.version === version && hit.plain !== undefined) return hit
    const built = await buildPayload(this.db, keyRow, this.log)
    this.entries.set(keyRow.key, built)
    return built
  }

  invalidate(key?: string): void {
    if (key) this.entries.delete(key)
    else this.entries.clear()
  }
}

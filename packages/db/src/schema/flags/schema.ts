import { sql } from 'drizzle-orm'
import { bigserial, boolean, index, jsonb, pgSchema, primaryKey, text, timestamp } from 'drizzle-orm/pg-core'

/** The `flags` PostgreSQL schema (GrowthBook-compatible feature service, apps/flags). */
export const flagsSchema = pgSchema('flags')

/**
 * A client key (GrowthBook "SDK connection"): public, names one environment. `dateUpdated` is the
 * payload version the SDK caches by; every change that affects the key's payload bumps it.
 */
export const flagClientKeys = flagsSchema.table('client_keys', {
  key: text('key').primaryKey(),
  name: text('name').notNull(),
  environment: text('environment').notNull(),
  description: text('description').notNull().default(''),
  /** base64 of 16 random bytes (AES-128-CBC, as the SDK's `decryptionKey`); null = plain payload. */
  encryptionKey: text('encryption_key'),
  /** Remote-evaluation-only key: the definitions are never served, SSE sends `features-updated`. */
  remoteEvalOnly: boolean('remote_eval_only').notNull().default(false),
  dateUpdated: timestamp('date_updated', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  archivedAt: timestamp('archived_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
})

/** A feature flag. The value type and default are global; rules are per environment. */
export const flagFeatures = flagsSchema.table('features', {
  key: text('key').primaryKey(),
  valueType: text('value_type').notNull(),
  defaultValue: jsonb('default_value').$type<unknown>(),
  description: text('description').notNull().default(''),
  tags: jsonb('tags')
    .$type<string[]>()
    .notNull()
    .default(sql`'[]'::jsonb`),
  archivedAt: timestamp('archived_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  updatedBy: text('updated_by').notNull().default('seed'),
})

/**
 * Per-environment settings of a feature: on/off, an optional default override, and the ordered rules
 * (GrowthBook `FeatureRule` objects, validated at write time).
 */
export const flagFeatureEnvironments = flagsSchema.table(
  'feature_environments',
  {
    featureKey: text('feature_key')
      .notNull()
      .references(() => flagFeatures.key, { onDelete: 'cascade' }),
    environment: text('environment').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    /** When set (`{ "value": … }`), replaces the feature's default value in this environment. */
    defaultOverride: jsonb('default_override').$type<{ value: unknown } | null>(),
    rules: jsonb('rules')
      .$type<unknown[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.featureKey, t.environment] })],
)

/** Saved groups referenced by `$inGroup` / `$notInGroup` conditions (a list of attribute values). */
export const flagSavedGroups = flagsSchema.table('saved_groups', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  attributeKey: text('attribute_key').notNull().default('id'),
  values: jsonb('values')
    .$type<(string | number)[]>()
    .notNull()
    .default(sql`'[]'::jsonb`),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
})

/** Every admin change: who, when, what, before and after. */
export const flagAuditLog = flagsSchema.table(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actor: text('actor').notNull(),
    action: text('action').notNull(),
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id').notNull(),
    before: jsonb('before').$type<unknown>(),
    after: jsonb('after').$type<unknown>(),
  },
  (t) => [index('audit_log_entity_idx').on(t.entityType, t.entityId), index('audit_log_at_idx').on(t.at)],
)

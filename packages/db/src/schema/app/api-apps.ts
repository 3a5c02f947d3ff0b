import { bigint, index, integer, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { appSchema } from './schema.ts'

/**
 * Developer API apps. The secret token is shown once and stored as a SHA-256 hash; the callback signing
 * secret is kept (it signs every callback). Revoked apps keep their history.
 */
export const apiApps = appSchema.table(
  'api_apps',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id').notNull(),
    name: text('name').notNull(),
    tokenHash: text('token_hash').notNull(),
    /** First characters of the token, to recognise it in the console. */
    tokenPrefix: text('token_prefix').notNull(),
    /** When the token stops working (chosen at creation or rotation: 7/30/60/90 days); null = never. */
    tokenExpiresAt: timestamp('token_expires_at', { withTimezone: true }),
    /** The token replaced by the last rotation, still accepted until `previousTokenExpiresAt` (grace period). */
    previousTokenHash: text('previous_token_hash'),
    previousTokenExpiresAt: timestamp('previous_token_expires_at', { withTimezone: true }),
    callbackUrl: text('callback_url'),
    callbackSecret: text('callback_secret').notNull(),
    maxConcurrent: integer('max_concurrent').notNull(),
    requestsPerMinute: integer('requests_per_minute').notNull(),
    requestsCount: bigint('requests_count', { mode: 'number' }).notNull().default(0),
    charactersCount: bigint('characters_count', { mode: 'number' }).notNull().default(0),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('api_apps_token_hash').on(t.tokenHash),
    index('api_apps_previous_token_hash').on(t.previousTokenHash),
    index('api_apps_user_idx').on(t.userId),
  ],
)

import { index, integer, primaryKey, text, timestamp } from 'drizzle-orm/pg-core'
import { appSchema } from './schema.ts'

/**
 * `Idempotency-Key` of the calls that create work or money (issue 37): the first answer, stored so that a retry with
 * the same key and body gets it again and creates nothing; shared by every API replica. A row is `pending` while
 * the first call runs (`locked_until` lets a retry take over a call whose process died) and kept 24 h.
 */
export const idempotencyKeys = appSchema.table(
  'idempotency_keys',
  {
    /** Whose key it is (`user:<id>`, `app:<id>`): two callers may pick the same key. */
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    /** `METHOD path`: a key used on another route is another body. */
    route: text('route').notNull(),
    /** SHA-256 of the route and the canonical JSON body. */
    requestHash: text('request_hash').notNull(),
    state: text('state', { enum: ['pending', 'done'] }).notNull(),
    responseStatus: integer('response_status'),
    responseType: text('response_type'),
    responseBody: text('response_body'),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.scope, t.key] }), index('idempotency_keys_expires_idx').on(t.expiresAt)],
)

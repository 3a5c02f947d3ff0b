import { bigserial, index, jsonb, text, timestamp } from 'drizzle-orm/pg-core'
import { appSchema } from './schema.ts'

/**
 * The back-office's append-only audit log: one row per operator change, written in the same transaction as the
 * change. The migration adds a trigger that rejects UPDATE and DELETE, so a row can never be edited.
 */
export const auditLog = appSchema.table(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** The operator (SSO subject) and their e-mail at the time. */
    actorId: text('actor_id').notNull(),
    actorEmail: text('actor_email'),
    /** What was done, e.g. `user.credits.adjust`, `banner.create`. */
    action: text('action').notNull(),
    /** What it was done to, e.g. `user` / the user's id. */
    targetType: text('target_type').notNull(),
    targetId: text('target_id').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    reason: text('reason'),
    ip: text('ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_log_target_idx').on(t.targetType, t.targetId, t.createdAt),
    index('audit_log_actor_idx').on(t.actorId, t.createdAt),
    index('audit_log_created_idx').on(t.createdAt),
  ],
)

/** Users locked by an operator (the SSO disables the account and ends its sessions; this is the API's copy). */
export const userLocks = appSchema.table('user_locks', {
  userId: text('user_id').primaryKey(),
  reason: text('reason').notNull(),
  lockedBy: text('locked_by').notNull(),
  lockedAt: timestamp('locked_at', { withTimezone: true }).notNull().defaultNow(),
})

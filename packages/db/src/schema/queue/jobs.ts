import { index, integer, jsonb, text, timestamp } from 'drizzle-orm/pg-core'
import { queueSchema } from './schema.ts'

/**
 * Jobs of the in-process queue (embedded mode, or PostgreSQL without Redis). A row is claimed with a
 * lease (`locked_by`, `locked_until`); a job whose lease expired (its process died) is claimed again.
 * The id is the caller's idempotency key when given.
 */
export const jobs = queueSchema.table(
  'jobs',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    version: integer('version').notNull(),
    payload: jsonb('payload').notNull(),
    /** waiting | active | completed | failed | cancelled */
    state: text('state').notNull(),
    /** Higher runs first. */
    priority: integer('priority').notNull().default(0),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull(),
    runAt: timestamp('run_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    lockedBy: text('locked_by'),
    lockedUntil: timestamp('locked_until', { withTimezone: true, mode: 'date' }),
    progress: jsonb('progress'),
    result: jsonb('result'),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('jobs_claim_idx').on(t.state, t.runAt), index('jobs_lease_idx').on(t.state, t.lockedUntil)],
)

/**
 * What the `system.probe` job did: one row per job id, written once (the handler is idempotent).
 * Operators enqueue probes to check that workers run jobs end to end; scale-mode tests use it to prove a
 * killed worker's job is finished by another worker exactly once.
 */
export const probeResults = queueSchema.table('probe_results', {
  jobId: text('job_id').primaryKey(),
  worker: text('worker').notNull(),
  /** How many times a handler began this job (a crash makes it more than one). */
  starts: integer('starts').notNull().default(0),
  /** How many times the handler's effect was applied; an idempotent handler keeps it at 1. */
  completions: integer('completions').notNull().default(0),
  completedAt: timestamp('completed_at', { withTimezone: true, mode: 'date' }),
})

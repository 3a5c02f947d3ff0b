import { sql } from 'drizzle-orm'
import { check, index, integer, jsonb, real, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { appSchema } from './schema.ts'

/**
 * A bulk call-prompt job (issue 30 §4, the AICall product): a script with `{{variables}}` and its rows, each row
 * rendered to one telephone file, then one ZIP with a manifest. `status` moves IN_PROGRESS → SUCCESS | FAILURE |
 * CANCELLED exactly once (conditional updates); whoever moves it settles the `aicall` reservation.
 */
export const callPromptJobs = appSchema.table(
  'call_prompt_jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id').notNull(),
    /** STUDIO | API */
    source: text('source').notNull().default('STUDIO'),
    apiAppId: uuid('api_app_id'),
    callbackUrl: text('callback_url'),
    title: text('title').notNull(),
    /** The script as written, with its `{{variables}}`. */
    script: text('script').notNull(),
    /** The catalogue voice code asked for and the engine voice it resolved to. */
    voice: text('voice').notNull(),
    voiceCode: text('voice_code').notNull(),
    speed: real('speed').notNull().default(1),
    /** wav_8000 | ulaw | alaw | ulaw_wav | alaw_wav | sln */
    format: text('format').notNull(),
    /** The rows as checked: `[{ row, values, text, characters }]` (a snapshot the job renders). */
    rows: jsonb('rows').notNull(),
    /** The pronunciation dictionary at creation (the studio's rule: later edits never change a job). */
    dictionary: jsonb('dictionary'),
    rowCount: integer('row_count').notNull(),
    /** Credits reserved: the rows' characters times the voice's credit factor. */
    characters: integer('characters').notNull(),
    /** Credits charged at the end (the rows rendered; 0 unless SUCCESS). */
    charged: integer('charged').notNull().default(0),
    reservationId: uuid('reservation_id'),
    status: text('status').notNull().default('IN_PROGRESS'),
    progress: integer('progress').notNull().default(0),
    doneRows: integer('done_rows').notNull().default(0),
    failedRows: integer('failed_rows').notNull().default(0),
    /** Per row: `{ row, file, key, size, crc, durationMs, characters, status, error }` (the manifest's lines). */
    results: jsonb('results'),
    /** Storage key of the ZIP (files + manifest.csv). */
    archiveKey: text('archive_key'),
    errorCode: text('error_code'),
    errorMessage: text('error_message'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('call_prompt_jobs_user_idx').on(t.userId, t.createdAt),
    check('call_prompt_jobs_progress_range', sql`${t.progress} between 0 and 100`),
  ],
)

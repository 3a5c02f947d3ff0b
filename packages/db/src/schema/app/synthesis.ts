import { sql } from 'drizzle-orm'
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  primaryKey,
  real,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core'
import { appSchema } from './schema.ts'

/**
 * One synthesis request (studio or developer API). The id is also the job id and the credit reservation's
 * reference. `status` moves IN_PROGRESS → SUCCESS | FAILURE | CANCELLED exactly once (conditional updates);
 * whoever makes that move settles the reservation (charge on SUCCESS, release otherwise).
 */
export const synthesisRequests = appSchema.table(
  'synthesis_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Whose credits pay (the app owner for API requests). */
    userId: text('user_id').notNull(),
    /** STUDIO | API */
    source: text('source').notNull(),
    apiAppId: uuid('api_app_id'),
    /** First characters of the text, for history search and display. */
    title: text('title').notNull(),
    /** The whole input text (paragraphs joined by a blank line). */
    text: text('text').notNull(),
    /** Paragraphs with their own voice and speed: [{ text, voice_code, speed }]. */
    paragraphs: jsonb('paragraphs').notNull(),
    pauses: jsonb('pauses'),
    /**
     * The user's pronunciation entries at creation ([{ word, reading, region? }]; null = none): the render
     * reads this snapshot, so editing the dictionary never changes a request already accepted.
     */
    dictionary: jsonb('dictionary'),
    voiceCode: text('voice_code').notNull(),
    audioType: text('audio_type').notNull(),
    bitrate: integer('bitrate').notNull(),
    sampleRate: integer('sample_rate').notNull(),
    speedRate: real('speed_rate').notNull(),
    /** Billable characters of the input (see docs/decisions.md "Credits"). */
    characters: integer('characters').notNull(),
    /** Credits really charged (characters minus sentences this user already paid for); set on success. */
    chargedCharacters: integer('charged_characters'),
    reservationId: uuid('reservation_id'),
    status: text('status').notNull().default('IN_PROGRESS'),
    progress: integer('progress').notNull().default(0),
    /**
     * MP3 parts of the audio published while it renders (issue 31: the studio plays them before the whole file
     * exists): part n is `synthesis/<id>/parts/<n>.mp3`, slices of one encoder stream, so joined they are the
     * file's bytes. The parts are removed once the request is final; the count stays.
     */
    audioParts: integer('audio_parts').notNull().default(0),
    durationMs: integer('duration_ms'),
    audioKey: text('audio_key'),
    timelineKey: text('timeline_key'),
    cacheHits: integer('cache_hits'),
    speechUnits: integer('speech_units'),
    errorCode: text('error_code'),
    errorMessage: text('error_message'),
    callbackUrl: text('callback_url'),
    /**
     * Audio kept until then (developer API requests: now + the retention setting; null = kept until the user
     * deletes it). The retention sweep removes the files after it and stamps `audioDeletedAt`.
     */
    retainUntil: timestamp('retain_until', { withTimezone: true }),
    /** When the retention sweep removed the audio and timeline files (the request row stays, for the poll). */
    audioDeletedAt: timestamp('audio_deleted_at', { withTimezone: true }),
    /** Hidden from history (the user deleted it); files are removed. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('synthesis_requests_user_idx').on(t.userId, t.createdAt),
    index('synthesis_requests_app_idx').on(t.apiAppId, t.createdAt),
    // Partial: the retention sweep asks only for requests it has not swept yet, so swept rows never slow it down.
    index('synthesis_requests_retain_idx')
      .on(t.retainUntil)
      .where(sql`${t.audioDeletedAt} is null`),
    check('synthesis_requests_progress_range', sql`${t.progress} between 0 and 100`),
  ],
)

/** Every delivery attempt of a request's callback (payload, HTTP status, time). */
export const synthesisCallbackAttempts = appSchema.table(
  'synthesis_callback_attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    requestId: uuid('request_id').notNull(),
    attempt: integer('attempt').notNull(),
    url: text('url').notNull(),
    payload: jsonb('payload').notNull(),
    statusCode: integer('status_code'),
    ok: boolean('ok').notNull(),
    error: text('error'),
    responseBody: text('response_body'),
    durationMs: integer('duration_ms').notNull(),
    attemptedAt: timestamp('attempted_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('synthesis_callback_attempts_request_idx').on(t.requestId, t.attemptedAt)],
)

/**
 * Sentences a user has already paid for (by sentence-cache key). A re-render of an edited text is charged
 * only for sentences whose key is not here (docs/decisions.md "Credits").
 */
export const synthesisPaidSentences = appSchema.table(
  'synthesis_paid_sentences',
  {
    userId: text('user_id').notNull(),
    cacheKey: text('cache_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.cacheKey] })],
)

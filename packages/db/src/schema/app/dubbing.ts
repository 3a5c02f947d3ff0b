import { sql } from 'drizzle-orm'
import { boolean, check, index, integer, jsonb, real, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { appSchema } from './schema.ts'

/**
 * A dubbing project (issue 15): the uploaded subtitles (and optional source media), its lines and speakers,
 * and the mix settings. Projects live on the server so a user finds them from any browser.
 */
export const dubbingProjects = appSchema.table(
  'dubbing_projects',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id').notNull(),
    name: text('name').notNull(),
    /** srt | vtt | ass: the format the subtitles were uploaded in. */
    subtitleFormat: text('subtitle_format').notNull(),
    /** Storage key of the uploaded subtitle file (kept as uploaded). */
    subtitleKey: text('subtitle_key'),
    /** Storage key of the source media (video or audio), when uploaded. */
    mediaKey: text('media_key'),
    /** video | audio */
    mediaKind: text('media_kind'),
    mediaDurationMs: integer('media_duration_ms'),
    /** Voice of lines whose speaker has none. */
    voiceCode: text('voice_code').notNull(),
    /** Level of the original audio under the dub in the mix (dB, ≤ 0). */
    duckDb: integer('duck_db').notNull().default(-15),
    muteOriginal: boolean('mute_original').notNull().default(false),
    /**
     * How the subtitles were read, kept to read them again (issue 29): `{ typesetting?: { styles, positioned },
     * speakers?: string[] }`; no `typesetting` = the default rule.
     */
    importOptions: jsonb('import_options')
      .notNull()
      .default(sql`'{}'::jsonb`),
    /** Notices of the parser at import ([{ code, line, message }]). */
    notices: jsonb('notices')
      .notNull()
      .default(sql`'[]'::jsonb`),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('dubbing_projects_user_idx').on(t.userId, t.updatedAt)],
)

/** One subtitle line of a project; `position` orders them (by start time). */
export const dubbingLines = appSchema.table(
  'dubbing_lines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => dubbingProjects.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    startMs: integer('start_ms').notNull(),
    endMs: integer('end_ms').notNull(),
    /** Speaker name (one of the project's speakers), or null. */
    speaker: text('speaker'),
    /** The text as written (styling tags kept for the exports). */
    text: text('text').notNull(),
    /** Line of the uploaded file the cue came from (null for lines added by hand). */
    sourceLine: integer('source_line'),
    /** Last fit of this line ({ action, placed_start_ms, … } of the report), after a render or regeneration. */
    fit: jsonb('fit'),
    /**
     * The user's fix when the line did not fit ({ maxSpeedup?, borrowNextGap?, acceptOverrun? }): a render
     * with an unresolved line is held until each one is fixed or accepted.
     */
    fix: jsonb('fix'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('dubbing_lines_project_idx').on(t.projectId, t.position),
    check('dubbing_lines_times', sql`${t.endMs} > ${t.startMs} and ${t.startMs} >= 0`),
  ],
)

/** A speaker of a project with its voice and speed. */
export const dubbingSpeakers = appSchema.table(
  'dubbing_speakers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => dubbingProjects.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    voiceCode: text('voice_code').notNull(),
    speed: real('speed').notNull().default(1),
  },
  (t) => [index('dubbing_speakers_project_idx').on(t.projectId, t.name)],
)

/**
 * A render of a project (the job id is the render id). `status` moves IN_PROGRESS → SUCCESS | FAILURE |
 * CANCELLED exactly once (conditional updates); whoever moves it settles the `aidubbing` reservation.
 */
export const dubbingRenders = appSchema.table(
  'dubbing_renders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => dubbingProjects.id, { onDelete: 'cascade' }),
    userId: text('user_id').notNull(),
    /** STUDIO | API */
    source: text('source').notNull().default('STUDIO'),
    apiAppId: uuid('api_app_id'),
    callbackUrl: text('callback_url'),
    /** The lines, speakers and settings rendered (a snapshot: editing the project never changes a render). */
    input: jsonb('input').notNull(),
    /** The spoken characters of the lines rendered (shown; dubbing is not charged by characters). */
    characters: integer('characters').notNull(),
    /** Seconds charged to the `aidubbing` wallet: the span of the subtitles rendered (issue 28). */
    seconds: integer('seconds').notNull().default(0),
    reservationId: uuid('reservation_id'),
    status: text('status').notNull().default('IN_PROGRESS'),
    progress: integer('progress').notNull().default(0),
    durationMs: integer('duration_ms'),
    /** Storage keys of the outputs: { track_mp3, track_wav, mix_mp3, srt, vtt, report_json, report_csv, video }. */
    files: jsonb('files'),
    /** Summary of the fit report ({ lines, fitted, flagged }). */
    summary: jsonb('summary'),
    errorCode: text('error_code'),
    errorMessage: text('error_message'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('dubbing_renders_project_idx').on(t.projectId, t.createdAt),
    check('dubbing_renders_progress_range', sql`${t.progress} between 0 and 100`),
  ],
)

import { index, integer, jsonb, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { appSchema } from './schema.ts'

/**
 * A studio draft saved on the server (issue 17): the editor's paragraphs and settings, so signing in elsewhere
 * finds it. `revision` grows by one on every save; a save naming an older revision is refused (two tabs).
 */
export const studioProjects = appSchema.table(
  'studio_projects',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id').notNull(),
    title: text('title').notNull(),
    /** The editor's paragraphs: [{ text, voice_code, speed }]. */
    paragraphs: jsonb('paragraphs').notNull(),
    /** Output settings and pauses as the editor holds them (audio type, bitrate, sample rate, pauses). */
    settings: jsonb('settings').notNull().default({}),
    revision: integer('revision').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('studio_projects_user_idx').on(t.userId, t.updatedAt)],
)

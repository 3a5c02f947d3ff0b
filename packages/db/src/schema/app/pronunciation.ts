import { sql } from 'drizzle-orm'
import { check, index, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { appSchema } from './schema.ts'

/**
 * A user's pronunciation dictionary: `word` is read as `reading` in the studio, the preview and the user's
 * developer-API requests, in every region or only in `region`. `word_key` is the word the way the tts
 * matcher compares it (`dictionaryWordKey`: NFC, single spaces, case-folded unless written in capitals only),
 * so one user has one entry per word and region whatever the case typed ("AI" and "ai" are two words).
 */
export const pronunciationEntries = appSchema.table(
  'pronunciation_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id').notNull(),
    word: text('word').notNull(),
    wordKey: text('word_key').notNull(),
    reading: text('reading').notNull(),
    /** NORTH | CENTRAL | SOUTH; null = every region. */
    region: text('region'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('pronunciation_entries_user_word_region_key').on(
      t.userId,
      t.wordKey,
      sql`coalesce(${t.region}, '')`,
    ),
    index('pronunciation_entries_user_idx').on(t.userId, t.createdAt),
    check(
      'pronunciation_entries_region_check',
      sql`${t.region} is null or ${t.region} in ('NORTH', 'CENTRAL', 'SOUTH')`,
    ),
  ],
)

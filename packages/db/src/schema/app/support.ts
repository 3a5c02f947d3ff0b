import { sql } from 'drizzle-orm'
import { index, integer, jsonb, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { appSchema } from './schema.ts'

/** Support tickets from the /support page (visitors give an email; signed-in users own theirs). */
export const supportTickets = appSchema.table(
  'support_tickets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id'),
    email: text('email').notNull(),
    name: text('name').notNull().default(''),
    category: text('category').notNull(),
    subject: text('subject').notNull(),
    content: text('content').notNull(),
    attachments: jsonb('attachments')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    status: text('status').notNull().default('OPEN'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('support_tickets_user_idx').on(t.userId, t.createdAt)],
)

/** Upload slots handed out by the presigned-URL call; attachments must name one of these keys. */
export const uploadSlots = appSchema.table('upload_slots', {
  key: text('key').primaryKey(),
  userId: text('user_id'),
  contentType: text('content_type').notNull(),
  maxBytes: integer('max_bytes').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
})

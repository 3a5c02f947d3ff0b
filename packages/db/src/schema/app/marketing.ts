import { boolean, integer, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { appSchema } from './schema.ts'

/** Landing-page voice demo plays (spec §3 demo event). */
export const demoEvents = appSchema.table('demo_events', {
  id: serial('id').primaryKey(),
  fingerprint: text('fingerprint').notNull(),
  voiceCode: text('voice_code').notNull(),
  duration: integer('duration').notNull().default(0),
  click: integer('click').notNull().default(0),
  ip: text('ip'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
})

/** Contact form submissions. */
export const contacts = appSchema.table('contacts', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  phoneNumber: text('phone_number').notNull(),
  purpose: text('purpose').notNull(),
  content: text('content').notNull(),
  ip: text('ip'),
  /** NEW | IN_PROGRESS | DONE, set by support staff in the back-office. */
  status: text('status').notNull().default('NEW'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
})

/** Short links: `/shortlink/{code}` resolves to the target. */
export const shortlinks = appSchema.table(
  'shortlinks',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull(),
    targetUrl: text('target_url').notNull(),
    numberOfClicks: integer('number_of_clicks').notNull().default(0),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('shortlinks_code_key').on(t.code)],
)

/** Account deletion requests (handled by an operator). */
export const deleteAccountRequests = appSchema.table('delete_account_requests', {
  id: serial('id').primaryKey(),
  contact: text('contact').notNull(),
  userId: text('user_id'),
  status: text('status').notNull().default('PENDING'),
  ip: text('ip'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
})

import type { VoiceProviderEntry } from '@loa/contracts'
import { boolean, jsonb, text, timestamp } from 'drizzle-orm/pg-core'
import { appSchema } from './schema.ts'

/**
 * Voice providers the operator added on the /admin Voices screen (issue #26 §2), beside those of
 * `VOICE_PROVIDERS_FILE`. The entry is the file's shape (checked by `voiceProviderSchema` of @loa/contracts on
 * every write and read), so a field added to the file needs no migration. Keys are never stored: the entry names
 * the environment variable that holds one (`api_key_env`). Every API and worker re-reads the table (the saving
 * replica at once, the others within `VOICE_PROVIDERS_REFRESH_MS`).
 */
export const voiceProviders = appSchema.table('voice_providers', {
  /** The provider's id (the catalogue rows' `provider`); never one of the file's ids. */
  id: text('id').primaryKey(),
  /** Everything but the id and `enabled`, as in the file. */
  entry: jsonb('entry').$type<Omit<VoiceProviderEntry, 'id'>>().notNull(),
  /** A disabled provider is not spoken through; its voices leave the catalogue until it is enabled again. */
  enabled: boolean('enabled').notNull().default(true),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
})

import { pgSchema } from 'drizzle-orm/pg-core'

/** The `queue` PostgreSQL schema. */
export const queueSchema = pgSchema('queue')

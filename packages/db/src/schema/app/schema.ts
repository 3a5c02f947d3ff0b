import { pgSchema } from 'drizzle-orm/pg-core'

/** The `app` PostgreSQL schema. */
export const appSchema = pgSchema('app')

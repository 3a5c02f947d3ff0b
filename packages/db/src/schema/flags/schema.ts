import { pgSchema } from 'drizzle-orm/pg-core'

/** The `flags` PostgreSQL schema. */
export const flagsSchema = pgSchema('flags')

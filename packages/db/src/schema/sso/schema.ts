import { pgSchema } from 'drizzle-orm/pg-core'

/** The `sso` PostgreSQL schema. */
export const ssoSchema = pgSchema('sso')

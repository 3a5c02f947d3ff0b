/**
 * Admin operations on flags, saved groups and client keys, shared by the admin API and the CLI (which
 * opens the database directly when the service is not running). Every change runs in one transaction
 * with its audit row and the `dateUpdated` bump of the affected client keys.
 */
export { KEY_PATTERN } from './shared.ts'
export * from './features.ts'
export * from './saved-groups.ts'
export * from './client-keys.ts'
export * from './audit.ts'

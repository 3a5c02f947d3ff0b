#!/usr/bin/env node
// Generates a migration for one service schema: npm run db:generate -- <app|sso|flags|queue> [name]
// Serialised with a lock file so parallel work never writes two migrations with the same number.
import { execFileSync } from 'node:child_process'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const [schema, name = 'change'] = process.argv.slice(2)
if (!['app', 'sso', 'flags', 'queue'].includes(schema ?? '')) {
  console.error('usage: npm run db:generate -- <app|sso|flags|queue> [migration-name]')
  process.exit(2)
}
const cwd = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'packages', 'db')
execFileSync('flock', ['/tmp/loa-db-generate.lock', 'npx', 'drizzle-kit', 'generate', '--name', name], {
  cwd,
  stdio: 'inherit',
  env: { ...process.env, LOA_SCHEMA: schema },
})

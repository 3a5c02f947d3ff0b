import { defineConfig } from 'drizzle-kit'

// One migrations folder and journal per service schema: LOA_SCHEMA=app|sso|flags|queue (see scripts/db-generate.mjs).
const name = process.env.LOA_SCHEMA ?? 'app'

export default defineConfig({
  dialect: 'postgresql',
  schema: `./src/schema/${name}/index.ts`,
  out: `./migrations/${name}`,
  schemaFilter: [name],
})

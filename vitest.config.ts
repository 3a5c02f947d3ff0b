import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'

// Unit and service tests live beside the code (`*.test.ts`). Browser tests (e2e/, *.e2e.ts) run under Playwright.
export default defineConfig({
  // The web's tsconfig says jsx "preserve" (Next compiles it); its component tests (*.test.tsx) need it compiled.
  oxc: { jsx: { runtime: 'automatic' } },
  // …and the web's "@/…" import path (apps/web/tsconfig.json "paths").
  resolve: { alias: [{ find: /^@\//, replacement: fileURLToPath(new URL('./apps/web/', import.meta.url)) }] },
  test: {
    include: ['{packages,apps,bin,scripts}/**/*.test.{ts,tsx}'],
    exclude: ['**/node_modules/**', '**/.next/**', '**/dist/**', 'e2e/**'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    maxWorkers: 2,
    reporters: ['default'],
  },
})

import { defineConfig } from 'vitest/config'

// Unit and service tests live beside the code (`*.test.ts`). Browser tests (e2e/, *.e2e.ts) run under Playwright.
export default defineConfig({
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

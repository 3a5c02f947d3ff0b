import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { defineConfig } from '@playwright/test'
import e2e from '../playwright.config.ts'

const e2eDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

/** `bench:studio`: the browser tests' set-up (the product on test ports, Debian's Chromium), its one bench file. */
export default defineConfig({
  ...e2e,
  testDir: '.',
  testMatch: 'studio.bench.ts',
  globalSetup: path.join(e2eDir, 'global-setup.ts'),
  globalTeardown: path.join(e2eDir, 'global-teardown.ts'),
  outputDir: path.join(e2eDir, '..', 'test-results', 'bench-studio'),
})

import { defineConfig } from '@playwright/test'
import { E2E } from './support/env.ts'

/**
 * Browser tests in Debian's Chromium against the real product: global setup starts the backend
 * (`loa serve all`, temporary DATA_DIR) and `next start` of the built web app on test ports.
 */
export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  globalSetup: './global-setup.ts',
  globalTeardown: './global-teardown.ts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  outputDir: `../test-results/e2e-${E2E.webPort}`,
  use: {
    baseURL: E2E.webUrl,
    browserName: 'chromium',
    locale: 'vi-VN',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--autoplay-policy=no-user-gesture-required',
        // No test reaches Google: its sign-in client fails to load (as when blocked) unless a test serves a stand-in.
        '--host-resolver-rules=MAP accounts.google.com ~NOTFOUND',
      ],
    },
  },
})

import { expect, type Page } from '@playwright/test'

/** Waits until the client shell has hydrated (AppShell marks <html data-shell="ready">). */
export const shellReady = async (page: Page): Promise<void> => {
  await expect(page.locator('html')).toHaveAttribute('data-shell', 'ready')
}

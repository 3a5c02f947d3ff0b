/** Helpers of the studio specs: studio messages and signing up into the studio. */
import { expect, type Page } from '@playwright/test'
import { E2E } from './env.ts'
import { msg, sm } from './messages.ts'

export { sm }

/** Signs up a new account from the landing page; ends on the studio's text-to-speech page. Returns its e-mail. */
export const signUp = async (page: Page, name: string) => {
  await page.goto('/')
  const header = page.locator('header')
  const link = header.getByRole('link', { name: msg('vi', 'nav.signUp') })
  // On a phone the header's actions are in the menu drawer (its button works once the page is hydrated).
  if (!(await link.isVisible())) {
    await expect(page.locator('html')).toHaveAttribute('data-shell', 'ready')
    await header.getByRole('button', { name: msg('vi', 'nav.menuOpen') }).click()
  }
  await link.click()
  await page.waitForURL((url) => url.origin === E2E.ssoUrl && url.pathname === '/authorize')
  await page.locator('input[name="name"]').fill(name)
  const email = `studio.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.vn`
  await page.locator('input[name="email"]').fill(email)
  await page.locator('input[name="password"]').fill('Mat-khau-manh-2026')
  // After the code exchange the page drops the code from its address and reloads (spec §4): wait for that
  // reload's load, or the caller's next navigation is interrupted by it.
  const reloaded = page.waitForEvent('load', {
    predicate: () => {
      const url = new URL(page.url())
      return (
        url.origin === E2E.webUrl &&
        url.pathname === '/studio/text-to-speech' &&
        !url.searchParams.has('code')
      )
    },
    timeout: 60_000,
  })
  await page.locator('form button[type="submit"]').click()
  await reloaded
  // On a phone the signed-in name sits in the closed menu drawer: present, not visible.
  await expect(page.getByTestId('signed-in-as')).toBeAttached()
  await expect.poll(() => new URL(page.url()).searchParams.has('code')).toBe(false)
  return email
}

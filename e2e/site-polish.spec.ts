import { expect, test } from '@playwright/test'
import { E2E } from './support/env.ts'
import { msg } from './support/messages.ts'
import { signUp, sm } from './support/studio.ts'

/** Polish a customer notices (issue #32): each item as the browser sees it. */

test('the skip link is hidden until a keyboard user tabs to it', async ({ page }) => {
  await page.goto('/')
  const link = page.getByRole('link', { name: msg('vi', 'nav.skip') })
  const width = () => link.evaluate((el) => el.getBoundingClientRect().width)
  await expect(link).toHaveCSS('clip-path', 'inset(50%)')
  expect(await width()).toBeLessThanOrEqual(1)
  // The keyboard reveals it: it is among the first stops (after the voucher banner's close button, if any).
  for (let i = 0; i < 4 && !(await link.evaluate((el) => el === document.activeElement)); i++)
    await page.keyboard.press('Tab')
  await expect(link).toBeFocused()
  await expect(link).toHaveCSS('clip-path', 'none')
  expect(await width()).toBeGreaterThan(100)
})

test('/console redirects to /console/apps, in both languages', async ({ request }) => {
  for (const [from, to] of [
    ['/console', '/console/apps'],
    ['/en/console', '/en/console/apps'],
  ] as const) {
    const res = await request.get(from, { maxRedirects: 0 })
    expect([307, 308], from).toContain(res.status())
    expect(new URL(res.headers().location!, E2E.webUrl).pathname).toBe(to)
  }
})

test('studio: the voucher banner keeps its distance from the heading; account deletion lives on the account page', async ({
  page,
}) => {
  await signUp(page, 'Khách Gọn Gàng')
  const banner = page.getByTestId('voucher-banner')
  await expect(banner).toBeVisible()
  const bannerBox = (await banner.boundingBox())!
  const headingBox = (await page.getByRole('heading', { level: 1 }).boundingBox())!
  expect(headingBox.y - (bannerBox.y + bannerBox.height)).toBeGreaterThanOrEqual(16)
  await page.goto('/studio')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(msg('vi', 'shell.studio'))
  await expect(page.getByRole('heading', { name: sm('studio.account.deleteTitle') })).toHaveCount(0)
  await page.goto('/studio/account')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(msg('vi', 'nav.account'))
  await expect(page.getByRole('heading', { name: sm('studio.account.deleteTitle') })).toBeVisible()
})

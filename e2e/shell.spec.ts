import { expect, test } from '@playwright/test'
import { E2E } from './support/env.ts'
import { msg } from './support/messages.ts'
import { setFlagDefault, servedFlag } from './support/flags.ts'
import { shellReady } from './support/page.ts'

test('notifications: top right, no duplicates, gone after 3 s', async ({ page }) => {
  await page.goto('/en')
  const form = page.locator('#contact form')
  const fill = async () => {
    await form.getByLabel(msg('en', 'contact.name')).fill('Đỗ Văn D')
    await form.getByLabel(msg('en', 'contact.email')).fill('do.d@example.vn')
    await form.getByLabel(msg('en', 'contact.phoneNumber')).fill('0987654321')
    await form.getByLabel(msg('en', 'contact.purpose')).selectOption('TTS')
    await form.getByLabel(msg('en', 'contact.content')).fill('Xin báo giá gói Studio cho công ty.')
  }
  await fill()
  await form.getByRole('button', { name: msg('en', 'contact.submit') }).click()
  const toast = page.locator('.toaster .toast')
  await expect(toast).toHaveCount(1)
  const shownAt = Date.now()
  const box = (await toast.boundingBox())!
  const viewport = page.viewportSize()!
  expect(viewport.width - (box.x + box.width)).toBeLessThanOrEqual(24)
  expect(box.y).toBeLessThanOrEqual(24)
  await expect(toast).toHaveAttribute('data-type', 'success')

  // The same notification again while the first is shown: still one.
  await fill()
  await Promise.all([
    page.waitForResponse((r) => r.url() === `${E2E.apiUrl}/api/v1/contacts`),
    form.getByRole('button', { name: msg('en', 'contact.submit') }).click(),
  ])
  await expect(form.getByRole('status')).toBeVisible()
  await expect(toast).toHaveCount(1)

  await expect(toast).toHaveCount(0, { timeout: 6_000 })
  expect(Date.now() - shownAt).toBeGreaterThanOrEqual(2_900)
})

test.describe('third-party scripts', () => {
  test.afterEach(async () => {
    await setFlagDefault('tracking-gtm-v2', false)
  })

  test('the tag manager loads from the server container only when tracking-gtm-v2 is on; a failing script breaks nothing', async ({
    page,
  }) => {
    await page.goto('/')
    await shellReady(page)
    await expect(page.locator('script#gtm')).toHaveCount(0)
    // A Google client id is configured: Google's sign-in client is requested; it cannot load here (as when
    // blocked), and the page does not care (the care widget below still works).
    await expect(page.locator('script#google-gsi')).toHaveAttribute(
      'src',
      'https://accounts.google.com/gsi/client',
    )
    // Analytics starts on first render: the data layer receives the page view.
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { dataLayer?: unknown[] }).dataLayer ?? []))
      .toContainEqual(expect.objectContaining({ event: 'page_view', page_path: '/' }))

    await setFlagDefault('tracking-gtm-v2', true)
    await expect.poll(async () => servedFlag('tracking-gtm-v2')).toMatchObject({ defaultValue: true })
    const failed = page.waitForRequest((r) => r.url().startsWith(E2E.gtmServerContainerUrl))
    await page.reload()
    await expect(page.locator('script#gtm')).toHaveAttribute(
      'src',
      `${E2E.gtmServerContainerUrl}/gtm.js?id=${E2E.gtmId}`,
    )
    // Requested from the server container (nothing is there: it fails to load).
    expect((await failed).url()).toBe(`${E2E.gtmServerContainerUrl}/gtm.js?id=${E2E.gtmId}`)
    // The page still works.
    await page.locator('button.care-toggle').click()
    await expect(page.locator('#chat-root')).toBeVisible()
  })
})

import { expect, test, type Page } from '@playwright/test'
import { E2E } from './support/env.ts'
import { msg } from './support/messages.ts'
import { shellReady } from './support/page.ts'
import { signUp } from './support/studio.ts'

const IMAGE = '/images/popup-banner.png'

/** Records (in page time) when the popup appears, without touching the product code. */
const recordPopupTime = (page: Page) =>
  page.addInitScript(() => {
    const w = window as unknown as { __popupShownAt?: number }
    new MutationObserver(() => {
      if (w.__popupShownAt === undefined && document.querySelector('[data-testid="popup-banner"]')) {
        w.__popupShownAt = performance.now()
      }
    }).observe(document, { childList: true, subtree: true })
  })

const shownAt = (page: Page) =>
  page.evaluate(() => (window as unknown as { __popupShownAt?: number }).__popupShownAt)
const resourceEnd = (page: Page, part: string) =>
  page.evaluate(
    (p) =>
      (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).find((e) =>
        e.name.includes(p),
      )?.responseEnd,
    part,
  )

const box = (page: Page) => page.locator('[data-testid="popup-banner"] [role="dialog"]')

test.describe('landing popup banner', () => {
  test('appears 3 s after its image loads, with the image size, centred; link opens in a new tab; close hides it', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1600, height: 1000 })
    await recordPopupTime(page)
    let bannerCalls = 0
    page.on('request', (r) => {
      if (r.url().startsWith(`${E2E.apiUrl}/api/v1/banners/active`)) bannerCalls += 1
    })
    await page.goto('/')
    await expect(box(page)).toBeVisible({ timeout: 15_000 })
    const imageLoaded = await resourceEnd(page, IMAGE)
    const shown = await shownAt(page)
    expect(imageLoaded).toBeDefined()
    expect(shown! - imageLoaded!).toBeGreaterThanOrEqual(2_950)
    expect(shown! - imageLoaded!).toBeLessThan(4_500)

    const rect = (await box(page).boundingBox())!
    expect(Math.round(rect.width)).toBe(1000)
    expect(Math.round(rect.height)).toBe(600)
    expect(Math.abs(rect.x + rect.width / 2 - 800)).toBeLessThanOrEqual(2)
    expect(Math.abs(rect.y + rect.height / 2 - 500)).toBeLessThanOrEqual(2)
    await expect(page.locator('[data-testid="popup-banner"]')).toHaveAttribute(
      'data-position',
      'MIDDLE_CENTER',
    )

    const link = box(page).getByRole('link', { name: msg('vi', 'popup.open') })
    await expect(link).toHaveAttribute('target', '_blank')
    await expect(link).toHaveAttribute('href', `${E2E.webUrl}/studio/payments`)

    await box(page)
      .getByRole('button', { name: msg('vi', 'popup.close') })
      .click()
    await expect(box(page)).toHaveCount(0)
    expect(bannerCalls).toBe(1)
  })

  test('image failure: shown at once at 1200×675', async ({ page }) => {
    await page.setViewportSize({ width: 1600, height: 1000 })
    await page.route(`**${IMAGE}`, (route) => route.abort('failed'))
    await recordPopupTime(page)
    await page.goto('/')
    await expect(box(page)).toBeVisible()
    const bannersAnswered = await resourceEnd(page, '/api/v1/banners/active')
    expect((await shownAt(page))! - bannersAnswered!).toBeLessThan(1_500)
    const rect = (await box(page).boundingBox())!
    expect(Math.round(rect.width)).toBe(1200)
    expect(Math.round(rect.height)).toBe(675)
  })

  test('configured position on wide screens, forced to centre at 768 px and below', async ({ page }) => {
    // The API has no banner-editing endpoint yet: the real answer is passed on with another of the nine positions.
    await page.route(`${E2E.apiUrl}/api/v1/banners/active*`, async (route) => {
      const response = await route.fetch()
      const body = await response.json()
      for (const banner of body.result.banners) banner.position = 'TOP_RIGHT'
      await route.fulfill({ response, json: body })
    })
    await page.route(`**${IMAGE}`, (route) => route.abort('failed'))
    await page.setViewportSize({ width: 1600, height: 1000 })
    await page.goto('/')
    await expect(box(page)).toBeVisible()
    await expect(page.locator('[data-testid="popup-banner"]')).toHaveAttribute('data-position', 'TOP_RIGHT')
    let rect = (await box(page).boundingBox())!
    expect(rect.y).toBeLessThan(40)
    expect(1600 - (rect.x + rect.width)).toBeLessThan(40)

    await page.setViewportSize({ width: 768, height: 900 })
    await expect(page.locator('[data-testid="popup-banner"]')).toHaveAttribute(
      'data-position',
      'MIDDLE_CENTER',
    )
    rect = (await box(page).boundingBox())!
    expect(Math.abs(rect.x + rect.width / 2 - 384)).toBeLessThanOrEqual(2)
    expect(Math.abs(rect.y + rect.height / 2 - 450)).toBeLessThanOrEqual(2)

    await page.setViewportSize({ width: 769, height: 900 })
    await expect(page.locator('[data-testid="popup-banner"]')).toHaveAttribute('data-position', 'TOP_RIGHT')
  })

  test('never on /demo', async ({ page }) => {
    let bannerCalls = 0
    page.on('request', (r) => {
      if (r.url().includes('/api/v1/banners/active')) bannerCalls += 1
    })
    await page.goto('/demo')
    await shellReady(page)
    await page.waitForLoadState('networkidle')
    expect(bannerCalls).toBe(0)
    await expect(page.locator('[data-testid="popup-banner"]')).toHaveCount(0)
  })
})

test.describe('the popup rule (spec: excluded only on /demo; never over work in the studio)', () => {
  for (const path of ['/support', '/en/services', '/terms', '/en/docs'])
    test(`another public page shows it too: ${path}`, async ({ page }) => {
      await page.goto(path)
      await expect(box(page)).toBeVisible({ timeout: 15_000 })
    })

  test('the studio never asks for it nor shows it', async ({ page }) => {
    await signUp(page, 'Người Đang Làm Việc')
    let bannerCalls = 0
    page.on('request', (r) => {
      if (r.url().includes('/api/v1/banners/active')) bannerCalls += 1
    })
    await page.goto('/studio/text-to-speech')
    await expect(page.getByTestId('signed-in-as')).toBeAttached()
    await page.waitForLoadState('networkidle')
    expect(bannerCalls).toBe(0)
    await expect(page.locator('[data-testid="popup-banner"]')).toHaveCount(0)
  })
})

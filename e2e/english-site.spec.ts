import { expect, test } from '@playwright/test'
import { shellReady } from './support/page.ts'

/** Letters only Vietnamese uses: none may show on the English site's catalogue parts. */
const VIETNAMESE = /[ăâđêôơưạảấầẩẫậắằẳẵặẹẻẽếềểễệỉịọỏốồổỗộớờởỡợụủứừửữựỳỵỷỹ]/i

test('the English landing shows packages, news and the popup offer in English', async ({ page }) => {
  await page.goto('/en')
  await shellReady(page)
  const pricing = page.locator('#pricing')
  await expect(pricing.locator('.plan').first()).toBeVisible()
  expect(await pricing.innerText()).not.toMatch(VIETNAMESE)
  await expect(pricing.locator('.plan[data-code="STUDIO-STANDARD-MONTH-V3.1"] h3')).toHaveText(
    'Standard (monthly)',
  )
  // Each feature once, singular where it is one, no voice cloning.
  for (const plan of await pricing.locator('.plan').all()) {
    const features = await plan.locator('.plan-features li').allInnerTexts()
    expect(new Set(features).size).toBe(features.length)
    for (const feature of features) {
      expect(feature).not.toMatch(/^1 devices|clon/i)
    }
  }
  await expect(pricing.locator('.plan[data-code="API-BASIC-MONTH-V3.1"] .plan-features')).toContainText(
    '1 device',
  )
  await expect(pricing.locator('.plan[data-code="STUDIO-STANDARD-MONTH-V3.1"] .plan-features')).toContainText(
    '2 devices',
  )

  const news = page.locator('#news')
  await expect(news.locator('.news-item').first()).toBeVisible()
  expect(await news.innerText()).not.toMatch(VIETNAMESE)
  await expect(news.getByTestId('news-fallback')).toHaveCount(0)

  const popup = page.locator('[data-testid="popup-banner"] .popup-image')
  await expect(popup).toBeVisible({ timeout: 15_000 })
  await expect(popup).toHaveAttribute('data-src', /popup-banner-en\.png$/)
})

test('the Vietnamese landing keeps Vietnamese packages and posts', async ({ page }) => {
  await page.goto('/')
  await expect(page.locator('#pricing .plan[data-code="STUDIO-STANDARD-MONTH-V3.1"] h3')).toHaveText(
    'Tiêu chuẩn (tháng)',
  )
  expect(await page.locator('#news').innerText()).toMatch(VIETNAMESE)
})

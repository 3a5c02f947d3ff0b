import { expect, test, type Request } from '@playwright/test'
import { E2E } from './support/env.ts'

const isClick = (r: Request) => r.url() === `${E2E.apiUrl}/api/v1/affiliateMarketer/increase-number-of-clicks`
const isUserUpdate = (r: Request) => r.url() === `${E2E.apiUrl}/api/v1/users/update-affiliate-marketer`
const isAdsUpdate = (r: Request) => r.url() === `${E2E.apiUrl}/api/v1/users/update-ads-provider`

test('affiliate link: one click counted per visitor, remembered until signup, then sent with the bearer token', async ({
  page,
}) => {
  let clicks = 0
  page.on('request', (r) => {
    if (isClick(r)) clicks += 1
  })
  // A short link that carries the affiliate code and an ads click id.
  const [click] = await Promise.all([
    page.waitForRequest(isClick),
    page.goto('/s/ho-tro?aff=DOITAC2026&gclid=e2e'),
  ])
  expect(click.method()).toBe('PUT')
  expect(click.postDataJSON()).toEqual({ code: 'DOITAC2026' })
  const counted = await (await click.response())!.json()
  expect(counted.status).toBe(1)
  expect(counted.result.code).toBe('DOITAC2026')

  await page.waitForURL(`${E2E.webUrl}/support?aff=DOITAC2026&gclid=e2e`)
  // Back to the landing with the same link: no second click.
  await page.goto('/?aff=DOITAC2026')
  await expect(page.locator('html')).toHaveAttribute('data-attribution', 'read')
  expect(clicks).toBe(1)

  // Sign up: the remembered code and ads provider go to the API once signed in.
  await page.locator('header').getByRole('link', { name: 'Đăng ký' }).click()
  await page.waitForURL((url) => url.origin === E2E.ssoUrl)
  await page.locator('input[name="name"]').fill('Khách Đối Tác')
  await page.locator('input[name="email"]').fill(`aff.${Date.now()}@example.vn`)
  await page.locator('input[name="password"]').fill('Mat-khau-manh-2026')
  // The page reloads once after the code exchange (spec §4), which can cut a call or the reading of its answer;
  // a call whose answer never arrived is sent again after the reload. So the requests are checked as sent, and
  // the answers through what the page does with them: each pending value leaves localStorage only on success.
  const [update, adsUpdate] = await Promise.all([
    page.waitForRequest(isUserUpdate),
    page.waitForRequest(isAdsUpdate),
    page.locator('form button[type="submit"]').click(),
  ])
  expect(update.method()).toBe('PUT')
  expect(update.headers().authorization).toMatch(/^Bearer ey/)
  expect(update.postDataJSON()).toMatchObject({ affiliate_code: 'DOITAC2026' })
  expect(Date.parse(update.postDataJSON().affiliate_time)).not.toBeNaN()
  expect(adsUpdate.postDataJSON()).toMatchObject({ ads_provider: 'google' })
  const pending = () =>
    page
      .evaluate(() => [localStorage.getItem('loa_affiliate'), localStorage.getItem('loa_ads_provider')])
      .catch(() => 'reloading') // the page's context is replaced by the reload: read again
  await expect.poll(pending, { timeout: 15_000 }).toEqual([null, null])
})

import { expect, test, type Page } from '@playwright/test'
import { E2E } from './support/env.ts'
import { msg } from './support/messages.ts'
import { sm } from './support/studio.ts'

/** Issue 18: the spec's rules that an audit found wrong or only partly wired, one test per rule. */

const uniqueEmail = (label: string) => `${label}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.vn`

const isAuthorize = (url: string) => {
  const parsed = new URL(url)
  return parsed.origin === E2E.ssoUrl && parsed.pathname === '/authorize'
}

/** From the landing page's header sign-up button to the SSO's signup form. */
const openSignUp = async (page: Page) => {
  await page.goto('/')
  await page
    .locator('header')
    .getByRole('link', { name: msg('vi', 'nav.signUp') })
    .click()
  await page.waitForURL((url) => isAuthorize(url.toString()))
}

/** Fills and sends the signup form; ends signed in on the studio's text-to-speech page. */
const submitSignUp = async (page: Page, name: string, email = uniqueEmail('h18')) => {
  await page.locator('input[name="name"]').fill(name)
  await page.locator('input[name="email"]').fill(email)
  await page.locator('input[name="password"]').fill('Mat-khau-manh-2026')
  await page.locator('form button[type="submit"]').click()
  await page.waitForURL((url) => url.origin === E2E.webUrl && url.pathname === '/studio/text-to-speech')
  return email
}

test('spec §4 "no code and no error: a refresh is tried" — a session with no local marker is found on load', async ({
  page,
  context,
}) => {
  const authorizeVisits: string[] = []
  page.on('request', (r) => {
    // GET only: the sign-up form's own POST to /authorize is not a round trip.
    if (r.isNavigationRequest() && r.method() === 'GET' && isAuthorize(r.url())) authorizeVisits.push(r.url())
  })
  await openSignUp(page)
  await submitSignUp(page, 'Khách Không Dấu Vết')
  await expect(page.getByTestId('signed-in-as')).toBeVisible()
  // One sign-up, one /authorize round trip: the exchange's reload does not lose the session.
  expect(authorizeVisits.length).toBe(1)

  // Nothing of ours left in the page's storage (a new browser profile, cleared storage): still signed in.
  await page.evaluate(() => {
    window.localStorage.clear()
    window.sessionStorage.clear()
  })
  const refresh = page.waitForRequest(
    (r) => r.url() === `${E2E.ssoUrl}/api/v1/auth/refresh-token` && r.method() === 'POST',
  )
  await page.goto('/')
  await refresh
  await expect(page.locator('header').getByRole('button', { name: msg('vi', 'nav.logout') })).toBeVisible()

  // A second tab of the same browser finds the session too.
  const other = await context.newPage()
  await other.goto('/en')
  await expect(other.locator('header').getByRole('button', { name: msg('en', 'nav.logout') })).toBeVisible()
})

test('spec §4 "first render: feature flags load" — on every page, /demo included', async ({ page }) => {
  // The first page fetches the payload; later pages within 60 s use the SDK's cache (spec §9), still flags-ready.
  const features = page.waitForRequest((r) => r.url().startsWith(`${E2E.flagsUrl}/api/features/sdk-loa-web`))
  await page.goto('/demo')
  await features
  await expect(page.locator('html')).toHaveAttribute('data-flags', 'ready')
  for (const path of ['/en/support', '/']) {
    await page.goto(path)
    await expect(page.locator('html')).toHaveAttribute('data-flags', 'ready')
  }
})

test('spec §3 plan resource "devices": the studio checks the device on entry; at the limit the user signs out other devices', async ({
  page,
  browser,
}) => {
  const email = uniqueEmail('devices')
  await openSignUp(page)
  const check = page.waitForRequest((r) => r.url() === `${E2E.apiUrl}/api/v1/devices/check`)
  await submitSignUp(page, 'Hai Thiết Bị', email)
  expect((await check).postDataJSON()).toMatchObject({ device_id: expect.any(String) })
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(msg('vi', 'shell.textToSpeech'))

  // A second browser (another device) for the same account: the free package allows one device.
  const other = await browser.newContext({ baseURL: E2E.webUrl })
  const second = await other.newPage()
  await second.goto('/studio/text-to-speech')
  await second.waitForURL((url) => isAuthorize(url.toString()))
  await second.locator('input[name="email"]').fill(email)
  await second.locator('input[name="password"]').fill('Mat-khau-manh-2026')
  await second.locator('form button[type="submit"]').click()
  const limit = second.getByTestId('device-limit')
  await expect(limit.getByRole('heading', { level: 1 })).toHaveText(sm('studio.devices.limitTitle'))
  const online = second.waitForRequest(
    (r) => r.url() === `${E2E.apiUrl}/api/v1/online` && r.method() === 'POST',
  )
  await limit.getByRole('button', { name: sm('studio.devices.logoutOthers') }).click()
  await expect(second.getByRole('heading', { level: 1 })).toHaveText(msg('vi', 'shell.textToSpeech'))
  await online

  // The first device was signed out by the second one.
  await page.reload()
  await expect(page.getByTestId('device-limit').getByRole('heading', { level: 1 })).toHaveText(
    sm('studio.devices.loggedOutTitle'),
  )
  await other.close()
})

test('spec §7 "GET /sample-scripts": the studio editor offers "try a sample", which fills the text', async ({
  page,
  request,
}) => {
  const scripts = (await (await request.get(`${E2E.apiUrl}/api/v1/sample-scripts`)).json()).result.items as {
    title: string
    text: string
  }[]
  expect(scripts.length).toBeGreaterThan(0)
  await openSignUp(page)
  const userBanner = page.waitForRequest((r) =>
    r.url().startsWith(`${E2E.apiUrl}/api/v1/vouchers/banner/user`),
  )
  await submitSignUp(page, 'Người Thử Mẫu')
  // Spec §6: signed in, the studio's voucher banner is the user version (bearer).
  expect((await userBanner).headers().authorization).toMatch(/^Bearer /)
  await expect(page.getByTestId('voucher-banner')).toContainText('LOA10')
  const sample = scripts[0]!
  await page.getByRole('combobox', { name: sm('studio.samples.label') }).selectOption({ label: sample.title })
  const firstParagraph = sample.text.split(/\n\s*\n/)[0]!.trim()
  await expect(page.locator('.studio-paragraph textarea').first()).toHaveValue(firstParagraph)

  // Spec §7 "POST /api/v1/request-to-delete-account": from the account page (header link), not the studio home.
  await page.goto('/studio')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(msg('vi', 'shell.studio'))
  await expect(page.getByRole('button', { name: sm('studio.account.deleteStart') })).toHaveCount(0)
  await page
    .locator('.app-header')
    .getByRole('link', { name: msg('vi', 'nav.account') })
    .click()
  await page.waitForURL(`${E2E.webUrl}/studio/account`)
  await page.getByRole('button', { name: sm('studio.account.deleteStart') }).click()
  const deletion = page.waitForRequest((r) => r.url() === `${E2E.apiUrl}/api/v1/request-to-delete-account`)
  await page.getByRole('button', { name: sm('studio.account.deleteConfirm') }).click()
  const sent = await deletion
  expect(sent.postDataJSON()).toEqual({ contact: expect.stringMatching(/@example\.vn$/) })
  expect(sent.headers().authorization).toMatch(/^Bearer /)
  await expect(page.getByText(sm('studio.account.deleteSent'))).toBeVisible()
})

test('spec §6 "voucher banner: the user version when a token exists, otherwise the public one" — landing, public', async ({
  page,
}) => {
  const publicBanner = page.waitForRequest((r) => r.url().startsWith(`${E2E.apiUrl}/api/v1/vouchers/banner`))
  await page.goto('/')
  expect(new URL((await publicBanner).url()).pathname).toBe('/api/v1/vouchers/banner')
  const banner = page.getByTestId('voucher-banner')
  await expect(banner).toContainText('Giảm 10% mọi gói Studio')
  await expect(banner).toContainText(sm('payments.voucherBanner.code', { code: 'LOA10' }))
  await banner.getByRole('button', { name: sm('payments.voucherBanner.close') }).click()
  await expect(banner).toHaveCount(0)
  await page.reload()
  await expect(page.locator('html')).toHaveAttribute('data-shell', 'ready')
  await expect(page.getByTestId('voucher-banner')).toHaveCount(0)
})

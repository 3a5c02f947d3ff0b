import { expect, test } from '@playwright/test'
import { E2E } from './support/env.ts'
import { msg } from './support/messages.ts'

const uniqueEmail = (label: string) => `${label}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.vn`

test('sign-up button → SSO signup → studio signed in → reload keeps the session → logout', async ({
  page,
}) => {
  const email = uniqueEmail('landing')
  await page.goto('/')
  // Header sign-up button, signed out: goes through the SSO's /authorize with the spec's parameters.
  await page
    .locator('header')
    .getByRole('link', { name: msg('vi', 'nav.signUp') })
    .click()
  await page.waitForURL((url) => url.origin === E2E.ssoUrl && url.pathname === '/authorize')
  const authorize = new URL(page.url())
  expect(authorize.searchParams.get('clientId')).toBe('loa-web')
  expect(authorize.searchParams.get('action')).toBe('signup')
  expect(authorize.searchParams.get('codeChallengeMethod')).toBe('S256')
  expect(authorize.searchParams.get('responseType')).toBe('code')
  expect(authorize.searchParams.get('redirectUri')).toBe(`${E2E.webUrl}/studio/text-to-speech`)

  await page.locator('input[name="name"]').fill('Lê Văn Khách')
  await page.locator('input[name="email"]').fill(email)
  await page.locator('input[name="password"]').fill('Mat-khau-manh-2026')
  await page.locator('form button[type="submit"]').click()

  // Back in the studio, signed in; the code and action are gone from the address.
  await page.waitForURL((url) => url.origin === E2E.webUrl && url.pathname === '/studio/text-to-speech')
  await expect(page.getByTestId('signed-in-as')).toHaveText(
    msg('vi', 'auth.signedInAs', { name: 'Lê Văn Khách' }),
  )
  await expect.poll(() => new URL(page.url()).searchParams.has('code')).toBe(false)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(msg('vi', 'shell.textToSpeech'))

  // A reload keeps the session (refresh from the SSO's HttpOnly cookie).
  await page.reload()
  await expect(page.getByTestId('signed-in-as')).toHaveText(
    msg('vi', 'auth.signedInAs', { name: 'Lê Văn Khách' }),
  )

  // Signed in, the landing's buttons lead straight to the studio.
  await page.goto('/')
  await expect(page.locator('header').getByRole('link', { name: msg('vi', 'nav.goToStudio') })).toBeVisible()
  await page
    .locator('header')
    .getByRole('link', { name: msg('vi', 'nav.tryFree') })
    .click()
  await page.waitForURL(`${E2E.webUrl}/studio/text-to-speech`)
  await expect(page.getByTestId('signed-in-as')).toBeVisible()

  // Logout: back to the landing page, signed out; the studio asks for a login again.
  await page.getByRole('button', { name: msg('vi', 'nav.logout') }).click()
  await page.waitForURL(`${E2E.webUrl}/`)
  await expect(page.locator('header').getByRole('link', { name: msg('vi', 'nav.signUp') })).toBeVisible()
  await page.goto('/studio')
  await page.waitForURL((url) => url.origin === E2E.ssoUrl && url.pathname === '/authorize')
  expect(new URL(page.url()).searchParams.get('action')).toBe('login')
})

test('services page: a signed-out visitor choosing a service signs up first and lands on that service (English)', async ({
  page,
}) => {
  await page.goto('/en/services')
  await page
    .getByRole('link', { name: msg('en', 'servicesPage.open', { name: msg('en', 'services.API.title') }) })
    .click()
  await page.waitForURL((url) => url.origin === E2E.ssoUrl && url.pathname === '/authorize')
  expect(new URL(page.url()).searchParams.get('redirectUri')).toBe(`${E2E.webUrl}/en/console/apps`)
  await page.locator('input[name="name"]').fill('API Dev')
  await page.locator('input[name="email"]').fill(uniqueEmail('console'))
  await page.locator('input[name="password"]').fill('Mat-khau-manh-2026')
  await page.locator('form button[type="submit"]').click()
  await page.waitForURL((url) => url.origin === E2E.webUrl && url.pathname === '/en/console/apps')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(msg('en', 'shell.apiConsole'))
  await expect(page.getByTestId('signed-in-as')).toHaveText(msg('en', 'auth.signedInAs', { name: 'API Dev' }))
})

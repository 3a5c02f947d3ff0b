import { expect, test, type Browser, type Page } from '@playwright/test'
import { MESSAGES, fill } from '../apps/sso/src/pages/i18n.ts'
import { E2E } from './support/env.ts'
import { msg, sm } from './support/messages.ts'

/**
 * Linking sign-in methods from the signed-in profile (issue 32): a Zalo account (Zalo shares no e-mail) links its
 * Google account at the SSO's profile page, reached from the studio's account page; an account that already signs
 * in to someone else is refused; unlinking keeps at least one way in. The providers are the loopback identity
 * providers of the global setup; everything of ours is real. At 360 px, in Vietnamese, with a look at English.
 */
test.use({ viewport: { width: 360, height: 780 } })
// Three sign-ins through providers and three trips to them: minutes on a shared machine.
test.setTimeout(420_000)

const vi = MESSAGES.vi
const run = `${Date.now()}${Math.floor(Math.random() * 1e4)}`

/** On the provider's own page: who signs in, then Allow. */
const consent = async (page: Page, account: { id: string; name: string; email?: string }) => {
  await page.getByLabel('Account id').fill(account.id)
  await page.getByLabel('Name').fill(account.name)
  if (account.email) await page.getByLabel('E-mail', { exact: true }).fill(account.email)
  await page.getByRole('button', { name: 'Allow' }).click()
}

/** From the signed-out studio through the SSO's login page and the provider, back signed in. */
const signInWith = async (
  page: Page,
  label: string,
  account: { id: string; name: string; email?: string },
) => {
  await page.goto('/studio')
  await page.waitForURL((url) => url.origin === E2E.ssoUrl && url.pathname === '/authorize')
  await page.getByRole('link', { name: `${vi.continueWith} ${label}` }).click()
  await page.waitForURL((url) => url.origin !== E2E.ssoUrl && url.origin !== E2E.webUrl)
  await consent(page, account)
  await page.waitForURL((url) => url.origin === E2E.webUrl && url.pathname.startsWith('/studio'))
  // The code exchange and the studio's reload take a while on a loaded machine.
  await expect(page.getByTestId('signed-in-as')).toHaveText(
    msg('vi', 'auth.signedInAs', { name: account.name }),
    { timeout: 90_000 },
  )
}

/** Someone else, in their own browser, signs in with a Facebook account: it is theirs from then on. */
const someoneElseOwns = async (browser: Browser, id: string) => {
  const context = await browser.newContext({ baseURL: E2E.webUrl })
  await signInWith(await context.newPage(), 'Facebook', {
    id,
    name: 'Người Khác',
    email: `other.${run}@example.vn`,
  })
  await context.close()
}

const fitsTheScreen = async (page: Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360)

test('a Zalo account links Google at the profile, is refused another user’s Facebook, and keeps one way in', async ({
  page,
  browser,
}) => {
  const zalo = { id: `80${run}`, name: 'Ngô Thị Liên Kết' }
  await signInWith(page, 'Zalo', zalo)
  // The studio's account page leads to the SSO's profile (spec: the account-management link, with client_id).
  await page.goto('/studio/account')
  const href = await page.getByRole('link', { name: sm('studio.account.manageSignIn') }).getAttribute('href')
  expect(new URL(href!).searchParams.get('client_id')).toBeTruthy()
  await page.goto(href!)
  await expect(page.getByRole('heading', { name: vi.signInMethods })).toBeVisible()
  await expect(page.getByText(vi.passwordNotSet)).toBeVisible()
  await fitsTheScreen(page)

  // Link Google: the provider's consent, then back on the profile with the account linked.
  await page.getByRole('button', { name: fill(vi.linkProvider, { provider: 'Google' }) }).click()
  await page.waitForURL((url) => url.pathname === '/o/oauth2/v2/auth')
  const email = `lienket.${run}@example.vn`
  await consent(page, { id: `109${run}`, name: zalo.name, email })
  await page.waitForURL((url) => url.origin === E2E.ssoUrl && url.pathname === '/profile')
  await expect(page.getByText(vi.linked, { exact: true })).toBeVisible()
  const google = page.locator('li[data-method="google"]')
  await expect(google).toContainText(`${vi.linkedStatus} · ${email}`)
  // The Zalo account had no e-mail: Google's verified one is now the account's address.
  await expect(page.locator('main > p.muted').first()).toHaveText(email)
  await fitsTheScreen(page)

  // A Facebook account that already signs in to another Loa account is refused, and stays theirs.
  const facebookId = `102${run}`
  await someoneElseOwns(browser, facebookId)
  await page.getByRole('button', { name: fill(vi.linkProvider, { provider: 'Facebook' }) }).click()
  await page.waitForURL((url) => url.pathname === '/v19.0/dialog/oauth')
  await consent(page, { id: facebookId, name: zalo.name, email: `fb.${run}@example.vn` })
  await page.waitForURL((url) => url.origin === E2E.ssoUrl && url.pathname === '/profile')
  await expect(page.getByText(vi.linkErrors.IDENTITY_LINKED_TO_ANOTHER_ACCOUNT)).toBeVisible()
  await expect(page.locator('li[data-method="facebook"]')).toContainText(vi.notLinkedStatus)

  // Unlink Zalo (Google remains), then Google is the last way in and stays.
  await page.getByRole('button', { name: fill(vi.unlinkProvider, { provider: 'Zalo' }) }).click()
  await expect(page.getByText(vi.unlinked, { exact: true })).toBeVisible()
  await expect(page.locator('li[data-method="zalo"]')).toContainText(vi.notLinkedStatus)
  await page.getByRole('button', { name: fill(vi.unlinkProvider, { provider: 'Google' }) }).click()
  await expect(page.getByText(vi.linkErrors.LAST_SIGN_IN_METHOD)).toBeVisible()
  await expect(google).toContainText(vi.linkedStatus)
  await fitsTheScreen(page)

  // The same page in English.
  const en = new URL(page.url())
  en.searchParams.set('lang', 'en')
  en.searchParams.delete('error')
  await page.goto(en.href)
  await expect(page.getByRole('heading', { name: MESSAGES.en.signInMethods })).toBeVisible()
  await expect(
    page.getByRole('button', { name: fill(MESSAGES.en.linkProvider, { provider: 'Zalo' }) }),
  ).toBeVisible()
  await fitsTheScreen(page)
})

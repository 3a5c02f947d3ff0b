import { expect, test, type Page } from '@playwright/test'
import { E2E } from './support/env.ts'
import { msg } from './support/messages.ts'

/**
 * Signing in as Vietnamese users do: Google, Facebook, Zalo, and a company's own OpenID provider. The providers
 * are the loopback identity providers the global setup starts (apps/sso/src/testing/idp: each on its provider's
 * documented wire); everything of ours is real — the studio's sign-in redirect, the SSO's login page and its
 * buttons, the SSO as each provider's OAuth client, the code exchange back in the studio.
 */
const unique = (label: string) => `${label}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.vn`

/** Signed out, the studio sends the visitor to the SSO's login page, which offers each configured provider. */
const openLoginPage = async (page: Page) => {
  await page.goto('/studio')
  await page.waitForURL((url) => url.origin === E2E.ssoUrl && url.pathname === '/authorize')
}

const chooseProvider = async (page: Page, label: string) => {
  await page.getByRole('link', { name: `Tiếp tục với ${label}` }).click()
  await page.waitForURL((url) => url.origin !== E2E.ssoUrl && url.origin !== E2E.webUrl)
}

/** On the provider's own page: who signs in, then Allow or Cancel. */
const consent = async (
  page: Page,
  account: { name: string; email?: string },
  decision: 'Allow' | 'Cancel',
) => {
  await page.getByLabel('Name').fill(account.name)
  if (account.email !== undefined) await page.getByLabel('E-mail', { exact: true }).fill(account.email)
  await page.getByRole('button', { name: decision }).click()
}

const expectSignedInStudio = async (page: Page, name: string) => {
  await page.waitForURL((url) => url.origin === E2E.webUrl && url.pathname.startsWith('/studio'))
  await expect(page.getByTestId('signed-in-as')).toHaveText(msg('vi', 'auth.signedInAs', { name }))
  await expect.poll(() => new URL(page.url()).searchParams.has('code')).toBe(false)
}

test('the login page offers exactly the configured providers', async ({ page }) => {
  await openLoginPage(page)
  for (const label of ['Google', 'Facebook', 'Zalo', 'Loa Corp SSO'])
    await expect(page.getByRole('link', { name: `Tiếp tục với ${label}` })).toBeVisible()
  await expect(page.getByRole('link', { name: /Tiếp tục với/ })).toHaveCount(4)
})

for (const provider of [
  { label: 'Google', host: '/o/oauth2/v2/auth', name: 'Trần Thị Google', email: true },
  { label: 'Facebook', host: '/v19.0/dialog/oauth', name: 'Phạm Văn Facebook', email: true },
  { label: 'Zalo', host: '/v4/permission', name: 'Ngô Thị Zalo', email: false },
  { label: 'Loa Corp SSO', host: '/authorize', name: 'Đỗ Văn Công Ty', email: true },
]) {
  test(`${provider.label}: the button, the provider's consent, signed in on /studio`, async ({ page }) => {
    await openLoginPage(page)
    await chooseProvider(page, provider.label)
    expect(new URL(page.url()).pathname).toBe(provider.host)
    // After the code exchange the studio drops the code from its address and reloads (spec §4): wait for that
    // reload's load, or the reload below races it.
    const settled = page.waitForEvent('load', {
      predicate: () => {
        const url = new URL(page.url())
        return (
          url.origin === E2E.webUrl && url.pathname.startsWith('/studio') && !url.searchParams.has('code')
        )
      },
      timeout: 60_000,
    })
    await consent(
      page,
      { name: provider.name, ...(provider.email ? { email: unique('social') } : {}) },
      'Allow',
    )
    await settled
    await expectSignedInStudio(page, provider.name)
    // A reload keeps the session (the SSO's cookie), as for a password sign-in.
    await page.reload()
    await expect(page.getByTestId('signed-in-as')).toHaveText(
      msg('vi', 'auth.signedInAs', { name: provider.name }),
    )
  })
}

test('Cancel on the provider page: back in the studio, not signed in, told why', async ({ page }) => {
  await openLoginPage(page)
  await chooseProvider(page, 'Facebook')
  await consent(page, { name: 'Người Từ Chối', email: unique('denied') }, 'Cancel')
  await page.waitForURL(
    (url) => url.origin === E2E.webUrl && url.searchParams.get('error') === 'access_denied',
  )
  // The studio does not bounce them straight back to the login page: it says what happened and offers a retry.
  await expect(page.getByTestId('sign-in-refused')).toHaveText(msg('vi', 'auth.signInRefused'))
  await expect(page.getByTestId('signed-in-as')).toHaveCount(0)
  await page.getByRole('button', { name: msg('vi', 'nav.login') }).click()
  await page.waitForURL((url) => url.origin === E2E.ssoUrl && url.pathname === '/authorize')
})

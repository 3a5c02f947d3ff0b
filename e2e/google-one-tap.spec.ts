import { generateKeyPairSync, sign, type KeyObject } from 'node:crypto'
import { createServer, type Server } from 'node:http'
import { expect, test, type Page, type Request } from '@playwright/test'
import { E2E } from './support/env.ts'
import { msg } from './support/messages.ts'
import { shellReady } from './support/page.ts'

/**
 * Google One Tap on the landing page. Google is played by two stand-ins the test serves: its signing keys (a JWKS
 * endpoint on the loopback address, which the SSO is configured with) and its sign-in client script (route
 * interception of `accounts.google.com/gsi/client`: a tiny script whose prompt hands the page a credential signed
 * with those keys). Everything of ours is real: the page's One Tap wiring, the sign-on client, and the SSO that
 * verifies the ID token, creates the account and signs the visitor in.
 */
const GSI_URL = 'https://accounts.google.com/gsi/client'
const KID = `e2e-google-${Date.now()}`
const googleKey = generateKeyPairSync('rsa', { modulusLength: 2048 })
let jwksServer: Server

test.beforeAll(async () => {
  const jwk = { ...googleKey.publicKey.export({ format: 'jwk' }), kid: KID, alg: 'RS256', use: 'sig' }
  jwksServer = createServer((_req, res) => {
    res.setHeader('content-type', 'application/json')
    res.end(JSON.stringify({ keys: [jwk] }))
  })
  await new Promise<void>((resolve, reject) => {
    jwksServer.once('error', reject)
    jwksServer.listen(E2E.googleJwksPort, '127.0.0.1', resolve)
  })
})

test.afterAll(async () => {
  await new Promise<void>((resolve) => jwksServer.close(() => resolve()))
})

const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url')

/** A Google ID token (RS256) as Google's One Tap hands it to the page. */
const googleIdToken = (claims: Record<string, unknown>, key: KeyObject = googleKey.privateKey): string => {
  const now = Math.floor(Date.now() / 1000)
  const input = `${b64({ alg: 'RS256', kid: KID, typ: 'JWT' })}.${b64({
    iss: 'https://accounts.google.com',
    aud: E2E.googleClientId,
    azp: E2E.googleClientId,
    iat: now,
    exp: now + 600,
    ...claims,
  })}`
  return `${input}.${sign('sha256', Buffer.from(input), key).toString('base64url')}`
}

/** Stands in for Google's sign-in client: records what the page asks and answers the prompt with `credential`. */
const serveGoogleClient = async (page: Page, credential: string) => {
  await page.route(GSI_URL, (route) =>
    route.fulfill({
      contentType: 'text/javascript',
      body: `(() => {
        const state = (window.__googleStandIn = { clientIds: [], prompts: 0, options: null })
        window.google = { accounts: { id: {
          initialize(options) { state.clientIds.push(options.client_id); state.options = options },
          prompt() {
            state.prompts += 1
            setTimeout(() => state.options.callback({ credential: ${JSON.stringify(credential)}, select_by: 'auto' }), 0)
          },
          cancel() {},
        } } }
      })()`,
    }),
  )
}

type StandIn = { clientIds: string[]; prompts: number; options: { auto_select?: boolean } | null }
const standIn = (page: Page) =>
  page.evaluate(() => (window as unknown as { __googleStandIn?: StandIn }).__googleStandIn ?? null)

const isOneTapCall = (r: Request) =>
  r.url() === `${E2E.ssoUrl}/api/v1/auth/google-one-tap` && r.method() === 'POST'

test('a signed-out visitor accepts Google One Tap: the credential goes to our SSO, which signs them in on the page', async ({
  page,
}) => {
  const email = `onetap.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.vn`
  const credential = googleIdToken({
    sub: `google-${Date.now()}`,
    email,
    email_verified: true,
    name: 'Khách Một Chạm',
  })
  await serveGoogleClient(page, credential)

  // An affiliate link first: the code is remembered and goes along with the One Tap sign-up.
  const [call] = await Promise.all([page.waitForRequest(isOneTapCall), page.goto('/?aff=ONETAP2026')])
  expect(call.postDataJSON()).toEqual({ clientId: 'loa-web', token: credential, affiliateCode: 'ONETAP2026' })
  const answer = await (await call.response())!.json()
  expect(answer.status).toBe(1)
  expect(await standIn(page)).toMatchObject({ clientIds: [E2E.googleClientId], prompts: 1 })
  expect((await standIn(page))!.options).toMatchObject({ auto_select: false })

  // Signed in on the landing page itself.
  const header = page.locator('header')
  await expect(header.getByRole('button', { name: msg('vi', 'nav.logout') })).toBeVisible()
  await expect(header.getByRole('link', { name: msg('vi', 'nav.goToStudio') })).toBeVisible()
  await expect(header.getByRole('link', { name: msg('vi', 'nav.signUp') })).toHaveCount(0)

  // The SSO account carries the Google profile, and the session holds across pages.
  await header.getByRole('link', { name: msg('vi', 'nav.goToStudio') }).click()
  await page.waitForURL((url) => url.origin === E2E.webUrl && url.pathname.startsWith('/studio'))
  await expect(page.getByTestId('signed-in-as')).toHaveText(
    msg('vi', 'auth.signedInAs', { name: 'Khách Một Chạm' }),
  )

  // Back on the landing page, signed in: no One Tap prompt.
  await page.goto('/')
  await expect(header.getByRole('button', { name: msg('vi', 'nav.logout') })).toBeVisible()
  await expect.poll(() => standIn(page)).not.toBeNull()
  expect((await standIn(page))!.prompts).toBe(0)
})

test('a One Tap credential the SSO rejects leaves the visitor signed out with a translated error', async ({
  page,
}) => {
  // Signed with a key that is not Google's: the SSO refuses it.
  const forged = googleIdToken(
    { sub: 'forged', email: 'forged@example.vn', email_verified: true, name: 'Giả' },
    generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey,
  )
  await serveGoogleClient(page, forged)
  const [call] = await Promise.all([page.waitForRequest(isOneTapCall), page.goto('/en')])
  expect((await call.response())!.status()).toBe(400)
  await expect(page.locator('.toaster .toast')).toContainText(msg('en', 'auth.oneTapFailed'))
  await expect(page.locator('header').getByRole('link', { name: msg('en', 'nav.signUp') })).toBeVisible()
})

test('when Google’s script cannot load, the landing page works and nothing is sent', async ({ page }) => {
  const calls: string[] = []
  page.on('request', (r) => {
    if (isOneTapCall(r)) calls.push(r.url())
  })
  // No stand-in: accounts.google.com does not resolve in these tests (a blocked script).
  const [failed] = await Promise.all([
    page.waitForEvent('requestfailed', (r) => r.url() === GSI_URL),
    page.goto('/'),
  ])
  expect(failed.url()).toBe(GSI_URL)
  await shellReady(page)
  await page.locator('button.care-toggle').click()
  await expect(page.locator('#chat-root')).toBeVisible()
  await expect(page.locator('header').getByRole('link', { name: msg('vi', 'nav.signUp') })).toBeVisible()
  expect(calls).toEqual([])
})

test('spec §7 One Tap payload: the One Tap user is read from the token-info endpoint and fills the profile (POST auths/google-one-tap)', async ({
  page,
}) => {
  const email = `onetap.profile.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.vn`
  const sub = `google-profile-${Date.now()}`
  const credential = googleIdToken({
    sub,
    email,
    email_verified: true,
    name: 'Lan Nguyễn',
    given_name: 'Lan',
    family_name: 'Nguyễn',
    picture: 'https://lh3.googleusercontent.com/a/lan-e2e',
  })
  await serveGoogleClient(page, credential)
  const tokenInfo = page.waitForRequest((r) => r.url().startsWith(`${E2E.ssoUrl}/tokeninfo?`))
  const profile = page.waitForRequest(
    (r) => r.url() === `${E2E.apiUrl}/api/v1/auths/google-one-tap` && r.method() === 'POST',
  )
  await page.goto('/')
  expect(new URL((await tokenInfo).url()).searchParams.get('id_token')).toBe(credential)
  const sent = await profile
  expect(sent.headers().authorization).toMatch(/^Bearer /)
  expect(sent.postDataJSON()).toEqual({
    first_name: 'Lan',
    last_name: 'Nguyễn',
    email,
    avatar: 'https://lh3.googleusercontent.com/a/lan-e2e',
    provider_id: sub,
  })
  const answer = await (await sent.response())!.json()
  expect(answer).toMatchObject({
    status: 1,
    result: { email, name: 'Lan Nguyễn', avatar: 'https://lh3.googleusercontent.com/a/lan-e2e' },
  })
})

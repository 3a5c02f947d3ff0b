import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { expect, test } from '@playwright/test'
import { E2E } from './support/env.ts'
import { dm, msg } from './support/messages.ts'
import { sm } from './support/studio.ts'

/** Today's calendar date where usage days are counted (Vietnam). */
const todayInVietnam = () =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Asia/Ho_Chi_Minh',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date())

/** The developer's callback receiver: answers 500 to the first delivery (retried), then 200. */
let receiver: Server
let receiverUrl: string
const answers: number[] = [500]
test.beforeAll(async () => {
  receiver = createServer((req, res) => {
    req.resume()
    req.on('end', () => {
      res.statusCode = answers.shift() ?? 200
      res.end('ok')
    })
  })
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve))
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/loa-callback`
})
test.afterAll(() => new Promise<void>((resolve) => receiver.close(() => resolve())))

/** What a developer's server would send (curl-equivalent), outside the browser. */
const callTts = (token: string) =>
  fetch(`${E2E.apiUrl}/api/v1/tts`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      input_text: 'Xin chào từ máy chủ.',
      voice_code: 'hn_female_thuha_news',
      audio_type: 'mp3',
    }),
  })

test('console: create app → copy token → a request with it succeeds → usage + callback log → rename → revoke → 401', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000)
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: E2E.webUrl })
  await page.goto('/console/apps')
  await page.waitForURL((url) => url.origin === E2E.ssoUrl && url.pathname === '/authorize')
  // From the login page to the signup form, then back to the console.
  await page.goto(page.url().replace('action=login', 'action=signup'))
  await page.locator('input[name="name"]').fill('Nhà Phát Triển')
  await page
    .locator('input[name="email"]')
    .fill(`console.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.vn`)
  await page.locator('input[name="password"]').fill('Mat-khau-manh-2026')
  await page.locator('form button[type="submit"]').click()
  await page.waitForURL((url) => url.origin === E2E.webUrl && url.pathname === '/console/apps')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(msg('vi', 'shell.apiConsole'))
  await expect(page.getByText(sm('console.noApps'))).toBeVisible()

  // Create: the token is shown once, with a copy button.
  await page.getByRole('textbox', { name: sm('console.name') }).fill('Máy chủ tin tức')
  await page.getByRole('textbox', { name: sm('console.callback') }).fill(receiverUrl)
  await page.getByRole('button', { name: sm('console.create'), exact: true }).click()
  const shown = page.getByTestId('new-token')
  await expect(shown).toBeVisible()
  await page.getByRole('button', { name: sm('console.copy') }).click()
  await expect(page.getByText(sm('console.copied'))).toBeVisible()
  const token = await page.evaluate(() => navigator.clipboard.readText())
  expect(token).toBe((await shown.textContent())!.trim())
  expect(token.length).toBeGreaterThan(20)
  const app = page.getByTestId('api-app').filter({ hasText: 'Máy chủ tin tức' })
  await expect(app).toContainText(sm('console.active'))

  // A curl-equivalent request with the copied token succeeds.
  const ok = await callTts(token)
  expect(ok.status).toBe(200)
  const okBody = (await ok.json()) as { status: number; result: { request_id: string; characters: number } }
  expect(okBody.status).toBe(1)
  const requestId = okBody.result.request_id
  expect(requestId).toBeTruthy()

  // The app's usage today: 1 request and its characters, in the charts (30 days by default) and the table.
  await page.reload()
  const activity = page.getByTestId('app-activity')
  await expect(activity.getByRole('combobox', { name: sm('console.activityApp') })).toHaveValue(
    (await page.getByTestId('api-app').getAttribute('data-app-id'))!,
  )
  // (Charged characters follow once the request succeeded: not compared yet.)
  await expect(activity.getByTestId('usage-totals')).toContainText(
    sm('console.usageTotals', { days: 30, requests: 1, characters: okBody.result.characters })
      .split(' · ')
      .slice(0, 2)
      .join(' · '),
  )
  const characters = activity.getByRole('img', { name: sm('console.chartCharacters') })
  await expect(characters.locator('rect')).toHaveCount(30)
  await expect(activity.getByRole('img', { name: sm('console.chartRequests') }).locator('rect')).toHaveCount(
    30,
  )
  await activity.getByText(sm('console.usageTable')).click()
  const today = activity.locator(`tr[data-date="${todayInVietnam()}"] td`)
  await expect(today.nth(0)).toHaveText('1')
  await expect(today.nth(1)).toHaveText(String(okBody.result.characters))
  // The range switch: 7 and 90 days.
  await activity.getByRole('button', { name: sm('console.rangeDays', { days: 7 }) }).click()
  await expect(characters.locator('rect')).toHaveCount(7)
  await expect(today.nth(0)).toHaveText('1')
  await activity.getByRole('button', { name: sm('console.rangeDays', { days: 90 }) }).click()
  await expect(characters.locator('rect')).toHaveCount(90)
  await expect(activity.getByRole('button', { name: sm('console.rangeDays', { days: 90 }) })).toHaveAttribute(
    'aria-pressed',
    'true',
  )

  // Its callback delivery log, without the app token: first attempt 500 (retried), then 200.
  await page.getByRole('textbox', { name: sm('console.tryToken') }).fill('')
  const requestRow = activity.getByTestId('app-requests').locator(`tr[data-request-id="${requestId}"]`)
  await requestRow.getByRole('button', { name: sm('console.showCallback') }).click()
  const log = activity.getByTestId('callback-log')
  await expect(log).toContainText(requestId)
  await expect(async () => {
    await activity.getByRole('button', { name: sm('console.refresh') }).click()
    await expect(log.locator('.badge')).toHaveText(sm('console.callbackState.SUCCESS'), { timeout: 1_000 })
  }).toPass({ timeout: 60_000 })
  await expect(log).toContainText(receiverUrl)
  const attempts = log.locator('tbody tr')
  await expect(attempts).toHaveCount(2)
  await expect(attempts.nth(0)).toHaveAttribute('data-ok', 'false')
  await expect(attempts.nth(0)).toContainText('500')
  await expect(attempts.nth(1)).toHaveAttribute('data-ok', 'true')
  await expect(attempts.nth(1)).toContainText('200')
  await log.getByText(sm('console.callbackPayload')).click()
  await expect(log.locator('pre')).toContainText(`"request_id": "${requestId}"`)
  await expect(log.locator('pre')).toContainText('"status": "SUCCESS"')
  // Once it succeeded, the characters charged show up too.
  await expect(activity.getByTestId('usage-totals')).toContainText(
    sm('console.usageTotals', {
      days: 90,
      requests: 1,
      characters: okBody.result.characters,
      charged: okBody.result.characters,
    }),
  )

  // 360 px wide: the console fits without horizontal scrolling.
  await page.setViewportSize({ width: 360, height: 740 })
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
  ).toBeLessThanOrEqual(0)
  await page.setViewportSize({ width: 1280, height: 800 })

  // The try-it panel needs the token again.
  await page.getByRole('textbox', { name: sm('console.tryToken') }).fill(token)

  const appId = (await page.getByTestId('api-app').getAttribute('data-app-id'))!
  // The try-it panel calls the developer API v1 as a server would (App-Id filled in from the app), here in async
  // mode: 202 IN_PROGRESS at once, then it polls the request to the end and plays the audio.
  await expect(page.getByRole('textbox', { name: dm('tryAppId') })).toHaveValue(appId)
  await page.getByRole('combobox', { name: dm('tryMode') }).selectOption('async')
  const [accepted] = await Promise.all([
    page.waitForResponse((r) => r.url() === `${E2E.apiUrl}/v1/tts` && r.request().method() === 'POST'),
    page.getByRole('button', { name: sm('console.trySend') }).click(),
  ])
  expect(accepted.status()).toBe(202)
  expect(accepted.request().headers()['app-id']).toBe(appId)
  await expect(page.getByTestId('try-response')).toContainText('"SUCCESS"', { timeout: 60_000 })
  await expect(page.getByTestId('try-response')).toHaveAttribute('data-status', '200')
  await expect(page.getByTestId('try-response')).toContainText('requestId')
  await expect(page.getByTestId('try-response')).toContainText('audioLink')
  await expect(page.getByTestId('try-audio')).toHaveAttribute('src', /^https?:\/\//)

  // Usage counters follow; the request log lists both requests.
  await page.reload()
  await expect(page.getByTestId('api-app').filter({ hasText: 'Máy chủ tin tức' })).toContainText(
    sm('console.usage', { requests: 2, characters: 0 }).split(' · ')[0]!,
  )
  await expect(page.getByTestId('usage-totals')).toContainText(
    sm('console.usageTotals', { days: 30, requests: 2 }).split(' · ')[0]!,
  )

  // Rename.
  await page.getByRole('button', { name: sm('console.rename') }).click()
  const rename = page.getByTestId('api-app').getByRole('textbox', { name: sm('console.name') })
  await rename.fill('Máy chủ tin tức 2')
  await page.getByRole('button', { name: sm('console.save') }).click()
  await expect(page.getByText(sm('console.saved'))).toBeVisible()
  const renamed = page.getByTestId('api-app').filter({ hasText: 'Máy chủ tin tức 2' })
  await expect(renamed).toBeVisible()

  // Revoke (confirmed) → the same request answers 401.
  await renamed.getByRole('button', { name: sm('console.revoke') }).click()
  await expect(renamed.getByRole('alert')).toHaveText(
    sm('console.revokeConfirm', { name: 'Máy chủ tin tức 2' }),
  )
  await renamed.getByRole('button', { name: sm('console.revoke') }).click()
  await expect(renamed).toContainText(sm('console.revoked'))
  const denied = await callTts(token)
  expect(denied.status).toBe(401)
})

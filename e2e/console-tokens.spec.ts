import { expect, test, type Locator } from '@playwright/test'
import { E2E } from './support/env.ts'
import { dm, msg } from './support/messages.ts'
import { signUp, sm } from './support/studio.ts'

/** An instant's date and time in Vietnam, as parts every rendering of it holds (24/11/2026 and 00:05). */
const inVietnam = (ms: number) => {
  const part = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Asia/Ho_Chi_Minh',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(ms)
      .map((p) => [p.type, p.value]),
  )
  return { date: `${part.day}/${part.month}/${part.year}`, time: `${part.hour}:${part.minute}` }
}

/** A message with a `{date}` shows its words as written and the instant in Vietnam time (numeric date in vi). */
const expectDated = async (
  locator: Locator,
  key: string,
  values: Record<string, string | number>,
  ms: number,
  locale: 'vi' | 'en' = 'vi',
) => {
  const [before, after] = dm(key, values, locale).split('{date}') as [string, string]
  await expect(locator).toContainText(before)
  const text = (await locator.textContent())!
  const { date, time } = inVietnam(ms)
  expect(text).toContain(after)
  expect(text).toContain(time)
  if (locale === 'vi') expect(text).toContain(date)
}

/** What a developer's server sends with a token: a poll of an unknown request (404 once the token is accepted). */
const pollWith = async (token: string, appId: string) =>
  (
    await fetch(`${E2E.apiUrl}/v1/tts/requests/no-such-request`, {
      headers: { authorization: `Bearer ${token}`, 'app-id': appId },
    })
  ).status

const DAY_MS = 86_400_000
const expiresAt = async (app: Locator) => Date.parse((await app.getAttribute('data-token-expires-at'))!)

test('console tokens: a 7-day token shows its expiry; rotate (confirmed, 30 days) shows the new token once and the old one’s grace time; the quick start has the app id', async ({
  page,
}) => {
  test.setTimeout(120_000)
  await signUp(page, 'Nhà Phát Triển Token')
  await page.goto('/console/apps')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(msg('vi', 'shell.apiConsole'))
  await expect(page.getByText(dm('quickStartNoApp'))).toBeVisible()

  // Create with a 7-day token: the token once, with its expiry (Vietnam time).
  await page.getByRole('textbox', { name: sm('console.name') }).fill('Tổng đài tự động')
  const lifetime = page.getByRole('combobox', { name: dm('lifetime') })
  await expect(lifetime.locator('option')).toHaveText([
    dm('lifetimeDays', { days: 7 }),
    dm('lifetimeDays', { days: 30 }),
    dm('lifetimeDays', { days: 60 }),
    dm('lifetimeDays', { days: 90 }),
    dm('lifetimeNever'),
  ])
  await lifetime.selectOption({ label: dm('lifetimeDays', { days: 7 }) })
  const created = Date.now()
  await page.getByRole('button', { name: sm('console.create'), exact: true }).click()
  const firstToken = (await page.getByTestId('new-token').textContent())!.trim()
  expect(firstToken.length).toBeGreaterThan(20)
  const app = page.getByTestId('api-app').filter({ hasText: 'Tổng đài tự động' })
  await expect(app).toHaveAttribute('data-token-expires-at', /^\d{4}-/)
  const appId = (await app.getAttribute('data-app-id'))!
  const firstExpiry = await expiresAt(app)
  expect(Math.abs(firstExpiry - created - 7 * DAY_MS)).toBeLessThan(60_000)
  await expectDated(page.getByTestId('new-token-expiry'), 'newTokenExpires', {}, firstExpiry)
  const expiry = app.getByTestId('token-expiry')
  await expect(expiry).toHaveAttribute('data-state', 'active')
  await expectDated(expiry, 'expiryActive', { days: 7 }, firstExpiry)
  expect(await pollWith(firstToken, appId)).toBe(404)
  await page.getByRole('button', { name: sm('console.dismissToken') }).click()
  await expect(page.getByTestId('new-token')).toHaveCount(0)

  // The quick start is filled in with this app's id and the API's address; the token comes from LOA_TOKEN.
  await expect(page.getByRole('heading', { name: dm('quickStart') })).toBeVisible()
  const quickStart = page.getByTestId('quick-start')
  await expect(quickStart).toHaveAttribute('data-app-id', appId)
  await expect(quickStart).toContainText("export LOA_TOKEN='")
  const curlSync = quickStart.getByTestId('quick-start-curl-sync')
  await expect(curlSync).toContainText(`${E2E.apiUrl}/v1/tts`)
  await expect(curlSync).toContainText(`App-Id: ${appId}`)
  await expect(curlSync).toContainText('Authorization: Bearer $LOA_TOKEN')
  await expect(quickStart.getByTestId('quick-start-curl-async')).toContainText('/v1/tts/requests/')
  expect(await quickStart.textContent()).not.toContain(firstToken)
  const languages = quickStart.getByRole('group', { name: dm('quickStartLanguage') })
  await languages.getByRole('button', { name: dm('language.node') }).click()
  await expect(languages.getByRole('button', { name: dm('language.node') })).toHaveAttribute(
    'aria-pressed',
    'true',
  )
  await expect(quickStart.getByTestId('quick-start-node-sync')).toContainText(`'App-Id': "${appId}"`)
  await expect(quickStart.getByTestId('quick-start-node-async')).toContainText('process.env.LOA_TOKEN')
  await languages.getByRole('button', { name: dm('language.python') }).click()
  await expect(quickStart.getByTestId('quick-start-python-async')).toContainText('urllib.request')
  await expect(quickStart.getByTestId('quick-start-python-sync')).toContainText(`"App-Id": "${appId}"`)
  // The official TypeScript SDK beside them (issue 33).
  await languages.getByRole('button', { name: dm('language.sdk') }).click()
  await expect(quickStart.getByTestId('quick-start-sdk-sync')).toContainText('npm install @loa-voice/sdk')
  await expect(quickStart.getByTestId('quick-start-sdk-async')).toContainText(`appId: "${appId}"`)

  // Rotate: confirm, choose 30 days for the new token.
  await app.getByRole('button', { name: dm('rotate') }).click()
  const rotation = app.getByRole('group', { name: dm('rotateTitle', { name: 'Tổng đài tự động' }) })
  await expect(rotation.getByRole('alert')).toHaveText(dm('rotateConfirm', { name: 'Tổng đài tự động' }))
  // Cancelling changes nothing.
  await rotation.getByRole('button', { name: sm('console.cancel') }).click()
  await expect(rotation).toHaveCount(0)
  await app.getByRole('button', { name: dm('rotate') }).click()
  await rotation
    .getByRole('combobox', { name: dm('rotateLifetime') })
    .selectOption({ label: dm('lifetimeDays', { days: 30 }) })
  const rotated = Date.now()
  await rotation.getByRole('button', { name: dm('rotateSubmit') }).click()
  await expect(page.getByText(dm('rotated', { name: 'Tổng đài tự động' }))).toBeVisible()

  // The new token, once, in the app's card, with the time until which the old one still works.
  const panel = app.getByTestId('new-token-panel')
  await expect(panel).toBeVisible()
  const secondToken = (await panel.getByTestId('new-token').textContent())!.trim()
  expect(secondToken).not.toBe(firstToken)
  await expect(async () => {
    expect(Math.abs((await expiresAt(app)) - rotated - 30 * DAY_MS)).toBeLessThan(60_000)
  }).toPass({ timeout: 10_000 })
  const secondExpiry = await expiresAt(app)
  await expectDated(panel.getByTestId('new-token-expiry'), 'newTokenExpires', {}, secondExpiry)
  // The grace time: 24 hours after the rotation, the same in the panel and in the card.
  const oldUntil = panel.getByTestId('old-token-until')
  const graceEnd = Date.parse((await oldUntil.getAttribute('data-until'))!)
  expect(Math.abs(graceEnd - rotated - DAY_MS)).toBeLessThan(60_000)
  await expectDated(oldUntil, 'oldTokenUntil', {}, graceEnd)
  await expect(app.getByTestId('previous-token')).toHaveAttribute(
    'data-until',
    new Date(graceEnd).toISOString(),
  )
  await expectDated(app.getByTestId('previous-token'), 'previousUntil', {}, graceEnd)
  await expectDated(expiry, 'expiryActive', { days: 30 }, secondExpiry)
  // Both tokens work during the grace period; anything else is refused.
  expect(await pollWith(secondToken, appId)).toBe(404)
  expect(await pollWith(firstToken, appId)).toBe(404)
  expect(await pollWith(`${secondToken}x`, appId)).toBe(401)

  // Shown once: after a reload only the prefix, the expiry and the grace time remain.
  await page.reload()
  await expect(app.getByTestId('token-expiry')).toHaveAttribute('data-state', 'active')
  await expect(page.getByTestId('new-token')).toHaveCount(0)
  await expect(app.getByTestId('previous-token')).toBeVisible()
  await expect(page.getByTestId('quick-start')).toHaveAttribute('data-app-id', appId)

  // 360 px wide: nothing scrolls sideways (code blocks scroll inside themselves).
  await page.setViewportSize({ width: 360, height: 740 })
  await app.getByRole('button', { name: dm('rotate') }).click()
  await expect(app.getByRole('combobox', { name: dm('rotateLifetime') })).toBeVisible()
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
  ).toBeLessThanOrEqual(0)

  // English.
  await page.goto('/en/console/apps')
  await expect(page.getByRole('heading', { name: dm('quickStart', {}, 'en') })).toBeVisible()
  await expectDated(
    page.getByTestId('api-app').getByTestId('token-expiry'),
    'expiryActive',
    { days: 30 },
    secondExpiry,
    'en',
  )
})

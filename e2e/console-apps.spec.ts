import { readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { expect, test } from '@playwright/test'
import { E2E } from './support/env.ts'
import { msg } from './support/messages.ts'

const here = path.dirname(fileURLToPath(import.meta.url))
type Tree = { [key: string]: string | Tree }
const messages = JSON.parse(
  readFileSync(path.join(here, '..', 'apps', 'web', 'messages', 'studio', 'vi.json'), 'utf8'),
) as Tree
const cm = (key: string, values: Record<string, string | number> = {}): string => {
  let node: string | Tree | undefined = messages
  for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined
  if (typeof node !== 'string') throw new Error(`no message ${key}`)
  return node.replace(/\{(\w+)\}/g, (all, name: string) => (name in values ? String(values[name]) : all))
}

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

test('console: create app → copy token → a request with it succeeds → rename → revoke → 401', async ({
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
  await expect(page.getByText(cm('console.noApps'))).toBeVisible()

  // Create: the token is shown once, with a copy button.
  await page.getByRole('textbox', { name: cm('console.name') }).fill('Máy chủ tin tức')
  await page.getByRole('button', { name: cm('console.create'), exact: true }).click()
  const shown = page.getByTestId('new-token')
  await expect(shown).toBeVisible()
  await page.getByRole('button', { name: cm('console.copy') }).click()
  await expect(page.getByText(cm('console.copied'))).toBeVisible()
  const token = await page.evaluate(() => navigator.clipboard.readText())
  expect(token).toBe((await shown.textContent())!.trim())
  expect(token.length).toBeGreaterThan(20)
  const app = page.getByTestId('api-app').filter({ hasText: 'Máy chủ tin tức' })
  await expect(app).toContainText(cm('console.active'))

  // A curl-equivalent request with the copied token succeeds.
  const ok = await callTts(token)
  expect(ok.status).toBe(200)
  const okBody = (await ok.json()) as { status: number; result: { request_id: string } }
  expect(okBody.status).toBe(1)
  expect(okBody.result.request_id).toBeTruthy()

  // The try-it panel sends a real request with the same token and shows the answer.
  await page.getByRole('button', { name: cm('console.trySend') }).click()
  await expect(page.getByTestId('try-response')).toHaveAttribute('data-status', '200')
  await expect(page.getByTestId('try-response')).toContainText('request_id')

  // Usage counters follow; the request log lists both requests.
  await page.reload()
  await expect(page.getByTestId('api-app').filter({ hasText: 'Máy chủ tin tức' })).toContainText(
    cm('console.usage', { requests: 2, characters: 0 }).split(' · ')[0]!,
  )
  await expect(page.locator('svg.console-chart rect')).toHaveCount(14)

  // Rename.
  await page.getByRole('button', { name: cm('console.rename') }).click()
  const rename = page.getByTestId('api-app').getByRole('textbox', { name: cm('console.name') })
  await rename.fill('Máy chủ tin tức 2')
  await page.getByRole('button', { name: cm('console.save') }).click()
  await expect(page.getByText(cm('console.saved'))).toBeVisible()
  const renamed = page.getByTestId('api-app').filter({ hasText: 'Máy chủ tin tức 2' })
  await expect(renamed).toBeVisible()

  // Revoke (confirmed) → the same request answers 401.
  await renamed.getByRole('button', { name: cm('console.revoke') }).click()
  await expect(renamed.getByRole('alert')).toHaveText(
    cm('console.revokeConfirm', { name: 'Máy chủ tin tức 2' }),
  )
  await renamed.getByRole('button', { name: cm('console.revoke') }).click()
  await expect(renamed).toContainText(cm('console.revoked'))
  const denied = await callTts(token)
  expect(denied.status).toBe(401)
})

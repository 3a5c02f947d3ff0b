import { expect, test, type Page } from '@playwright/test'
import { E2E } from './support/env.ts'
import { signUp, sm } from './support/studio.ts'

/**
 * Issue 31: "edited in another tab" with one tab open, on every reload. Cause: a save that reached the server
 * but whose answer the page never saw (reload, dropped connection) left this browser's copy at the old revision,
 * so every later save answered 409. The page must recognise its own save and carry on.
 */
const paragraph = (page: Page) => page.getByRole('textbox', { name: sm('studio.editor.paragraph', { n: 1 }) })
const saveState = (page: Page) => page.getByTestId('save-state')

test('a save whose answer was lost is not taken for another tab, after a reload too', async ({ page }) => {
  test.setTimeout(120_000)
  await signUp(page, 'Một Thẻ')
  await paragraph(page).fill('Câu thứ nhất.')
  await expect(saveState(page)).toHaveAttribute('data-state', 'saved', { timeout: 15_000 })

  // The next save reaches the server, but its answer never reaches the page.
  let dropped = 0
  await page.route(`${E2E.apiUrl}/api/v1/studio-projects/*`, async (route) => {
    if (route.request().method() !== 'PUT' || dropped > 0) return route.continue()
    dropped += 1
    await route.fetch()
    await route.abort('connectionreset')
  })
  await paragraph(page).fill('Câu thứ nhất. Câu thứ hai.')
  await expect(saveState(page)).toHaveAttribute('data-state', 'local', { timeout: 15_000 })
  expect(dropped).toBe(1)

  // The user types on and reloads while that save (on the same old revision) is on its way: no conflict.
  const next = page.waitForRequest((r) => r.method() === 'PUT' && r.url().includes('/studio-projects/'))
  await paragraph(page).fill('Câu thứ nhất. Câu thứ hai. Câu thứ ba.')
  await next
  await page.reload()
  await expect(paragraph(page)).toHaveValue('Câu thứ nhất. Câu thứ hai. Câu thứ ba.')
  await expect(saveState(page)).toHaveAttribute('data-state', 'saved', { timeout: 15_000 })
  await page.reload()
  await expect(paragraph(page)).toHaveValue('Câu thứ nhất. Câu thứ hai. Câu thứ ba.')
  await expect(saveState(page)).toHaveAttribute('data-state', 'saved', { timeout: 15_000 })
  await expect(saveState(page)).not.toHaveAttribute('data-state', 'conflict')
})

import { expect, test, type Page } from '@playwright/test'
import { E2E } from './support/env.ts'
import { msg } from './support/messages.ts'
import { signUp, sm } from './support/studio.ts'

const TEXT_A = 'Bản tin sáng nay: trời Hà Nội nắng nhẹ, nhiệt độ 25 độ.'
const TEXT_B = 'Kịch bản thứ hai, soạn trên điện thoại.'

const paragraph = (page: Page, n: number) =>
  page.getByRole('textbox', { name: sm('studio.editor.paragraph', { n }) })
const titleField = (page: Page) => page.getByRole('textbox', { name: sm('studio.editor.name') })
const saved = (page: Page) =>
  expect(page.getByTestId('save-state')).toHaveAttribute('data-state', 'saved', { timeout: 15_000 })

/** Nothing wider than the window (the page scrolls only vertically). */
const noSidewaysScroll = async (page: Page) =>
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
  ).toBeLessThanOrEqual(0)

/** Signs in an existing account in a fresh browser; the free package's one device moves to this browser. */
const signInElsewhere = async (page: Page, email: string) => {
  await page.goto('/studio/text-to-speech')
  await page.waitForURL((url) => url.origin === E2E.ssoUrl && url.pathname === '/authorize')
  await page.locator('input[name="email"]').fill(email)
  await page.locator('input[name="password"]').fill('Mat-khau-manh-2026')
  await page.locator('form button[type="submit"]').click()
  const limit = page.getByTestId('device-limit')
  const studio = page.getByRole('heading', { level: 1, name: msg('vi', 'shell.textToSpeech') })
  await expect(limit.or(studio)).toBeVisible()
  if (await limit.isVisible())
    await limit.getByRole('button', { name: sm('studio.devices.logoutOthers') }).click()
  await expect(studio).toBeVisible()
}

test('studio projects: saved on the server and found in another browser (360 px); rename, new, open, delete; a stale tab is told', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000)
  const email = await signUp(page, 'Hai Trình Duyệt')
  await titleField(page).fill('Bản tin sáng')
  await paragraph(page, 1).fill(TEXT_A)
  const created = page.waitForResponse(
    (r) => r.url() === `${E2E.apiUrl}/api/v1/studio-projects` && r.request().method() === 'POST',
  )
  await saved(page)
  expect((await created).status()).toBe(200)

  // Another browser, phone-sized, same account: the project opens by itself.
  const phone = await browser.newContext({ baseURL: E2E.webUrl, viewport: { width: 360, height: 740 } })
  const other = await phone.newPage()
  await signInElsewhere(other, email)
  await expect(titleField(other)).toHaveValue('Bản tin sáng')
  await expect(paragraph(other, 1)).toHaveValue(TEXT_A)

  // The list at 360 px: the project, marked as open; rename it.
  await other.getByRole('button', { name: sm('studio.projects.button') }).click()
  const dialog = other.getByTestId('projects')
  const list = dialog.getByTestId('project-list').locator('li')
  await expect(list).toHaveCount(1)
  await expect(list.first()).toContainText('Bản tin sáng')
  await expect(list.first()).toHaveAttribute('aria-current', 'true')
  expect((await dialog.boundingBox())!.width).toBeLessThanOrEqual(360)
  await noSidewaysScroll(other)
  await dialog
    .getByRole('button', { name: sm('studio.projects.renameNamed', { name: 'Bản tin sáng' }) })
    .click()
  await dialog.getByRole('textbox', { name: sm('studio.projects.newName') }).fill('Bản tin chiều')
  await dialog.getByRole('button', { name: sm('studio.projects.saveName') }).click()
  await expect(list.first()).toContainText('Bản tin chiều')
  await expect(titleField(other)).toHaveValue('Bản tin chiều')

  // A new project, written on the phone: two projects, the newest first.
  await dialog.getByRole('button', { name: sm('studio.projects.new') }).click()
  await expect(dialog).toBeHidden()
  await expect(paragraph(other, 1)).toHaveValue('')
  await expect(titleField(other)).toHaveValue('')
  await paragraph(other, 1).fill(TEXT_B)
  await saved(other)
  await other.getByRole('button', { name: sm('studio.projects.button') }).click()
  await expect(list).toHaveCount(2)
  await expect(list.first()).toContainText(TEXT_B)
  await expect(list.nth(1)).toContainText('Bản tin chiều')
  await noSidewaysScroll(other)

  // Open the first one again; delete the other (asked twice).
  await dialog
    .getByRole('button', { name: sm('studio.projects.openNamed', { name: 'Bản tin chiều' }) })
    .click()
  await expect(paragraph(other, 1)).toHaveValue(TEXT_A)
  await other.getByRole('button', { name: sm('studio.projects.button') }).click()
  const second = list.filter({ hasText: TEXT_B })
  await second.getByRole('button', { name: /^Xoá “/ }).click()
  await second.getByRole('button', { name: sm('studio.projects.deleteYes') }).click()
  await expect(list).toHaveCount(1)
  await expect(list.first()).toContainText('Bản tin chiều')
  await dialog.getByRole('button', { name: sm('studio.projects.close') }).click()

  // Two tabs of one project: the tab saved second is told, and can take the saved version.
  const tab = await phone.newPage()
  await tab.goto('/studio/text-to-speech')
  await expect(paragraph(tab, 1)).toHaveValue(TEXT_A)
  await paragraph(other, 1).fill(`${TEXT_A} Sửa ở thẻ một.`)
  await saved(other)
  await paragraph(tab, 1).fill(`${TEXT_A} Sửa ở thẻ hai.`)
  await expect(tab.getByTestId('save-state')).toHaveAttribute('data-state', 'conflict', { timeout: 15_000 })
  await expect(tab.getByTestId('save-state')).toContainText(sm('studio.editor.conflict'))
  await tab.getByRole('button', { name: sm('studio.editor.useTheirs') }).click()
  await expect(paragraph(tab, 1)).toHaveValue(`${TEXT_A} Sửa ở thẻ một.`)
  await expect(tab.getByTestId('save-state')).toHaveAttribute('data-state', 'saved')

  // Deleting the open project, with an edit not yet saved: the editor starts blank and nothing comes back.
  await paragraph(tab, 1).fill('Sửa rồi xoá.')
  await tab.getByRole('button', { name: sm('studio.projects.button') }).click()
  const tabList = tab.getByTestId('projects').getByTestId('project-list').locator('li')
  await tabList
    .first()
    .getByRole('button', { name: /^Xoá “/ })
    .click()
  await tabList
    .first()
    .getByRole('button', { name: sm('studio.projects.deleteYes') })
    .click()
  await expect(tab.getByTestId('projects').getByText(sm('studio.projects.empty'))).toBeVisible()
  await expect(paragraph(tab, 1)).toHaveValue('')
  await tab
    .getByTestId('projects')
    .getByRole('button', { name: sm('studio.projects.close'), exact: true })
    .click()
  await tab.waitForTimeout(2_000)
  await tab.getByRole('button', { name: sm('studio.projects.button') }).click()
  await expect(tab.getByTestId('projects').getByText(sm('studio.projects.empty'))).toBeVisible()
  await phone.close()
})

test('history names every voice of a multi-voice request ("3 giọng")', async ({ page }) => {
  test.setTimeout(150_000)
  await signUp(page, 'Ba Giọng')
  await paragraph(page, 1).fill('Xin chào.')
  for (const [n, pick] of [
    [2, 0],
    [3, 1],
  ] as const) {
    await page.getByRole('button', { name: sm('studio.editor.addParagraph') }).click()
    await paragraph(page, n).fill(`Đoạn số ${n}.`)
    await page
      .getByRole('group', { name: sm('studio.editor.paragraph', { n }) })
      .getByRole('button', { name: /^Giọng/ })
      .click()
    const dialog = page.getByRole('dialog', { name: sm('studio.voices.title') })
    await dialog.getByRole('combobox', { name: sm('studio.voices.region') }).selectOption('SOUTH')
    const voice = dialog.locator('li.studio-voice').nth(pick)
    const name = (await voice.locator('strong').textContent())!.trim()
    await dialog.getByRole('button', { name: sm('studio.voices.chooseVoice', { name }) }).click()
    await expect(dialog).toBeHidden()
  }
  await page.getByRole('button', { name: sm('studio.synth.button') }).click()
  await expect(page.getByText(sm('studio.synth.done'))).toBeVisible({ timeout: 120_000 })
  const voices = page.getByTestId('history').locator('li').first().getByTestId('history-voices')
  await expect(voices).toHaveText(sm('studio.history.voices', { n: 3 }))
  // The names are there for a pointer or a screen reader's description.
  expect((await voices.getAttribute('title'))!.split(', ')).toHaveLength(3)
})

test('offline: the draft stays in this browser while the server cannot be reached, then reaches it', async ({
  page,
}) => {
  await signUp(page, 'Ngoại Tuyến')
  const projects = `${E2E.apiUrl}/api/v1/studio-projects**`
  await page.route(projects, (route) => route.abort('internetdisconnected'))
  await paragraph(page, 1).fill(TEXT_A)
  const state = page.getByTestId('save-state')
  await expect(state).toHaveAttribute('data-state', 'local', { timeout: 15_000 })
  await expect(state).toHaveText(sm('studio.editor.savedLocal', { reason: sm('studio.errors.ERR_NETWORK') }))
  // Still offline: a reload keeps the text.
  await page.reload()
  await expect(paragraph(page, 1)).toHaveValue(TEXT_A)
  // Back online: the next visit saves it as a project.
  await page.unroute(projects)
  await page.reload()
  await expect(paragraph(page, 1)).toHaveValue(TEXT_A)
  await saved(page)
  await page.getByRole('button', { name: sm('studio.projects.button') }).click()
  await expect(page.getByTestId('project-list').locator('li')).toHaveCount(1)
  await expect(page.getByTestId('project-list').locator('li').first()).toContainText(TEXT_A.slice(0, 40))
})

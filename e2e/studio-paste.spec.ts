import { expect, test, type Page } from '@playwright/test'
import { signUp, sm } from './support/studio.ts'

/** Issue 31: a pasted article keeps its paragraphs (each with the current voice), and can be joined again. */
const paragraphs = (page: Page) => page.locator('.studio-paragraphs textarea')

/** Pastes as a browser does: a paste event carrying the clipboard's plain text (and HTML when given). */
const paste = (page: Page, plain: string, html?: string) =>
  page.getByRole('textbox', { name: sm('studio.editor.paragraph', { n: 1 }) }).evaluate(
    (el, data) => {
      const transfer = new DataTransfer()
      transfer.setData('text/plain', data.plain)
      if (data.html) transfer.setData('text/html', data.html)
      el.dispatchEvent(
        new ClipboardEvent('paste', { clipboardData: transfer, bubbles: true, cancelable: true }),
      )
    },
    { plain, html },
  )

test('pasting three paragraphs gives three, each with the voice; join them again; a web page keeps its headings', async ({
  page,
}) => {
  await signUp(page, 'Người Dán')
  await paste(page, 'Đoạn thứ nhất.\n\nĐoạn thứ hai.\n\nĐoạn thứ ba.')
  await expect(paragraphs(page)).toHaveCount(3)
  await expect(paragraphs(page).nth(2)).toHaveValue('Đoạn thứ ba.')
  const voices = page.locator('.studio-paragraph-tools button').filter({ hasText: /^Giọng:/ })
  await expect(voices).toHaveCount(3)
  // Once the catalogue has named the voice (a code until then), all three read the same voice.
  await expect(voices.first()).not.toHaveText(/_/)
  const first = await voices.first().textContent()
  for (const i of [1, 2]) await expect(voices.nth(i)).toHaveText(first!)

  await page
    .getByTestId('paste-split')
    .getByRole('button', { name: sm('studio.editor.pasteJoin') })
    .click()
  await expect(paragraphs(page)).toHaveCount(1)
  await expect(paragraphs(page).first()).toHaveValue('Đoạn thứ nhất.\n\nĐoạn thứ hai.\n\nĐoạn thứ ba.')

  await paragraphs(page).first().fill('')
  await paste(page, 'Tin nóng Sáng nay mưa lớn.', '<h2>Tin nóng</h2><p>Sáng nay mưa lớn.</p>')
  await expect(paragraphs(page)).toHaveCount(2)
  await expect(paragraphs(page).first()).toHaveValue('Tin nóng')
  await expect(paragraphs(page).nth(1)).toHaveValue('Sáng nay mưa lớn.')
})

test('the player is docked in the window once audio exists, wherever the page is scrolled (360 px)', async ({
  page,
}) => {
  test.setTimeout(120_000)
  await page.setViewportSize({ width: 360, height: 740 })
  await signUp(page, 'Người Nghe')
  const long = Array.from({ length: 6 }, (_, i) => `Đoạn số ${i + 1} của bài đọc thử.`).join('\n\n')
  await paste(page, long)
  await expect(paragraphs(page)).toHaveCount(6)
  const dock = page.getByTestId('player-dock')
  await expect(dock).toHaveAttribute('data-docked', 'false')
  await page.getByRole('button', { name: sm('studio.synth.button') }).click()
  await expect(dock).toHaveAttribute('data-docked', 'true', { timeout: 90_000 })
  await page.evaluate(() => window.scrollTo(0, 0))
  await expect(dock).toBeInViewport()
  // Play, or Pause while it plays: the studio starts playing from the first part it renders (09af777).
  const playOrPause = dock
    .getByRole('button', { name: sm('studio.player.play'), exact: true })
    .or(dock.getByRole('button', { name: sm('studio.player.pause'), exact: true }))
  await expect(playOrPause.first()).toBeInViewport()
})

import { readFileSync } from 'node:fs'
import { expect, test, type Request } from '@playwright/test'
import { E2E } from './support/env.ts'
import { catalogue, msg } from './support/messages.ts'
import { signUp, sm } from './support/studio.ts'

/** A valid MP3 starts with an ID3 tag or an MPEG audio frame header (11 sync bits). */
const looksLikeMp3 = (bytes: Buffer) =>
  (bytes[0] === 0x49 && bytes[1] === 0x44 && bytes[2] === 0x33) ||
  (bytes[0] === 0xff && (bytes[1]! & 0xe0) === 0xe0)

const TEXT =
  'Ngày 2/9/2025 lúc 10h30, Hà Nội có 1.250 người tham gia lễ diễu hành. ' +
  'Giá vé là 150.000 đồng, giảm 20% cho học sinh. Buổi lễ kéo dài đến 12h.'

test('studio journey: sign up → paste text → preview readings → synthesize with progress → play → download MP3 → history', async ({
  page,
}) => {
  test.setTimeout(150_000)
  await signUp(page, 'Người Dùng Studio')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(msg('vi', 'shell.textToSpeech'))

  // Paste text with numbers and dates; the count and the credit cost follow live; the draft is saved.
  const editor = page.getByRole('textbox', { name: sm('studio.editor.paragraph', { n: 1 }) })
  await editor.fill(TEXT)
  const billable = TEXT.replace(/\s+/g, ' ').trim().length
  await expect(page.getByTestId('char-count')).toContainText(
    sm('studio.editor.characters', { n: TEXT.length.toLocaleString('vi-VN'), max: '100.000' }),
  )
  await expect(page.getByTestId('credit-cost')).toHaveText(
    sm('studio.editor.cost', { n: billable.toLocaleString('vi-VN') }),
  )
  await expect(page.getByTestId('save-state')).toHaveAttribute('data-state', 'saved')

  // Reading preview: the date, the time and the money are highlighted with their readings.
  await page.getByRole('button', { name: sm('studio.preview.button') }).click()
  const preview = page.getByTestId('reading-preview')
  await expect(preview).toBeVisible()
  const dateRow = preview.getByTestId('reading').filter({ hasText: '2/9/2025' })
  await expect(dateRow).toHaveCount(1)
  await expect(dateRow.locator('td').nth(1)).toContainText('tháng chín')
  await expect(preview.locator('mark.studio-nsw').first()).toBeVisible()
  await expect(preview.getByTestId('reading').filter({ hasText: '150.000' })).toHaveCount(1)

  // Synthesize: a progress bar driven by the server's events, then the waveform player.
  const playerBefore = (await page.getByTestId('player').boundingBox())!
  const progressShown = page.waitForSelector('[data-testid="synth-progress"]', { state: 'attached' })
  // The `done` event carries the finished request: the page reads it once, from the event, never again.
  const rereads: string[] = []
  const countRereads = (r: Request) => {
    if (r.method() === 'GET' && /\/api\/v1\/synthesis\/[0-9a-f-]{36}(\?|$)/.test(r.url()))
      rereads.push(r.url())
  }
  page.on('request', countRereads)
  await page.getByRole('button', { name: sm('studio.synth.button') }).click()
  await progressShown
  await expect(page.getByText(sm('studio.synth.done'))).toBeVisible({ timeout: 90_000 })
  await expect(page.getByTestId('synth-progress')).toHaveCount(0)
  page.off('request', countRereads)
  expect(rereads).toEqual([])

  const play = page.getByTestId('player').getByRole('button', { name: sm('studio.player.play') })
  await expect(play).toBeEnabled({ timeout: 20_000 })
  await expect(page.getByTestId('player').locator('.studio-wave')).toHaveAttribute('data-ready', 'true')
  // No layout shift when the audio loads: the player keeps its size.
  const playerAfter = (await page.getByTestId('player').boundingBox())!
  expect(playerAfter.height).toBe(playerBefore.height)
  expect(playerAfter.width).toBe(playerBefore.width)
  await play.click()
  await expect(
    page.getByTestId('player').getByRole('button', { name: sm('studio.player.pause') }),
  ).toBeVisible()
  await expect(page.getByTestId('player-time')).not.toHaveText(/^0:00 \//, { timeout: 15_000 })
  // The spoken sentence is highlighted in the text.
  await expect(page.getByTestId('transcript').locator('[aria-current="true"]')).toHaveCount(1, {
    timeout: 15_000,
  })
  await page
    .getByTestId('player')
    .getByRole('button', { name: sm('studio.player.pause') })
    .click()

  // Download the MP3 and check it is one.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: sm('studio.result.downloadMp3'), exact: true }).click(),
  ])
  expect(download.suggestedFilename()).toMatch(/\.mp3$/)
  const file = readFileSync((await download.path())!)
  expect(file.length).toBeGreaterThan(4_000)
  expect(looksLikeMp3(file)).toBe(true)

  // History shows the request, done.
  const history = page.getByTestId('history')
  const item = history.locator('li').first()
  await expect(item).toContainText('Ngày 2/9/2025')
  await expect(item).toContainText(sm('studio.status.SUCCESS'))

  // Re-open the request in the editor after clearing it.
  await editor.fill('')
  await item.getByRole('button', { name: /^Mở lại/ }).click()
  await expect(editor).toHaveValue(TEXT)

  // The text survives a reload (autosaved draft).
  await page.reload()
  await expect(page.getByRole('textbox', { name: sm('studio.editor.paragraph', { n: 1 }) })).toHaveValue(TEXT)

  // Delete it from the history.
  await page
    .getByTestId('history')
    .locator('li')
    .first()
    .getByRole('button', { name: /^Xoá “/ })
    .click()
  await expect(page.getByText(sm('studio.history.empty'))).toBeVisible()
})

test('voice picker: filters, favourites and choosing a voice for one paragraph; pauses; English', async ({
  page,
}) => {
  await signUp(page, 'Voice Picker')
  await page.goto('/en/studio/text-to-speech')
  const first = page.getByRole('textbox', { name: 'Paragraph 1' })
  await first.fill('Xin chào các bạn')
  // Insert a pause at the caret (end of text) from the keyboard-usable select.
  await first.focus()
  await page.keyboard.press('End')
  const tools = page.getByRole('group', { name: 'Paragraph 1' })
  await tools.getByRole('combobox', { name: /Pause/ }).selectOption('1000')
  await tools.getByRole('button', { name: 'Insert pause' }).click()
  await expect(first).toHaveValue('Xin chào các bạn <break time="1000ms"/>')
  await page.getByRole('button', { name: 'Add paragraph' }).click()
  await page.getByRole('textbox', { name: 'Paragraph 2' }).fill('Đoạn hai.')

  await page
    .getByRole('group', { name: 'Paragraph 2' })
    .getByRole('button', { name: /^Voice:/ })
    .click()
  const dialog = page.getByRole('dialog', { name: 'Choose a voice' })
  await expect(dialog).toBeVisible()
  // Keyboard: Escape closes the picker and focus returns to the page; Enter on the button opens it again.
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  await page
    .getByRole('group', { name: 'Paragraph 2' })
    .getByRole('button', { name: /^Voice:/ })
    .focus()
  await page.keyboard.press('Enter')
  await expect(dialog).toBeVisible()
  await dialog.getByRole('combobox', { name: 'Region' }).selectOption('SOUTH')
  const items = dialog.locator('li.studio-voice')
  await expect(items.first()).toBeVisible()
  await expect(items.filter({ hasText: 'North' })).toHaveCount(0)
  const chosen = (await items.first().locator('strong').textContent())!.trim()
  await dialog.getByRole('button', { name: `Add ${chosen} to favourites` }).click()
  await dialog.getByRole('checkbox', { name: 'Favourites only' }).check()
  await expect(items).toHaveCount(1)
  await dialog.getByRole('button', { name: `Choose ${chosen}` }).click()
  await expect(dialog).toBeHidden()
  await expect(
    page.getByRole('group', { name: 'Paragraph 2' }).getByRole('button', { name: /^Voice:/ }),
  ).toHaveText(`Voice: ${chosen}`)
  await expect(
    page.getByRole('group', { name: 'Paragraph 1' }).getByRole('button', { name: /^Voice:/ }),
  ).not.toHaveText(`Voice: ${chosen}`)
  // Credit cost ignores the pause tag; paragraphs are joined like the API charges them.
  await expect(page.getByTestId('credit-cost')).toHaveText(
    `Cost: ${'Xin chào các bạn Đoạn hai.'.length} credits`,
  )
})

test('360 px wide: the studio fits without horizontal scrolling', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 })
  await signUp(page, 'Mobile')
  await expect(page.getByRole('textbox', { name: sm('studio.editor.paragraph', { n: 1 }) })).toBeVisible()
  const wide = await page.evaluate(() =>
    [...document.querySelectorAll('body *')]
      .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 0.5)
      // Content of a horizontal scroller (the shell's nav on phones) may extend past the edge.
      .filter((el) => {
        for (let a = el.parentElement; a; a = a.parentElement)
          if (['auto', 'scroll', 'hidden'].includes(getComputedStyle(a).overflowX)) return false
        return true
      })
      .map((el) => `${el.tagName.toLowerCase()}.${el.className}`)
      .slice(0, 10),
  )
  expect(wide).toEqual([])
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
  ).toBeLessThanOrEqual(0)
})

test('studio home (credits, package, quick links) and payments (packages by cycle, change kind, orders)', async ({
  page,
}) => {
  await signUp(page, 'Trang Chủ')
  await expect(page.getByTestId('signed-in-as')).toBeVisible()
  await page
    .locator('nav.app-nav')
    .getByRole('link', { name: msg('vi', 'shell.studio'), exact: true })
    .click()
  await page.waitForURL(`${E2E.webUrl}/studio`)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(msg('vi', 'shell.studio'))
  await expect(page.getByTestId('credits-balance')).toHaveText(/^\d[\d.]*$/)
  await expect(page.getByTestId('current-package')).not.toHaveText('…')
  await expect(page.getByText(sm('studio.home.noRecent'))).toBeVisible()
  await page.getByRole('link', { name: sm('studio.home.payments') }).click()
  await page.waitForURL(`${E2E.webUrl}/studio/payments`)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(msg('vi', 'shell.payments'))
  const cycles = page.getByRole('group', { name: 'Chu kỳ' })
  await expect(cycles.getByRole('button', { name: 'Hàng tháng' })).toHaveAttribute('aria-pressed', 'true')
  const cards = page.getByTestId('package')
  await expect(cards.first()).toBeVisible()
  await expect(cards.first().locator('.badge')).toHaveAttribute(
    'data-kind',
    /current|upgrade|downgrade|same_level/,
  )
  await cycles.getByRole('button', { name: 'Hàng năm' }).click()
  await expect(cycles.getByRole('button', { name: 'Hàng năm' })).toHaveAttribute('aria-pressed', 'true')
  await expect(page.getByRole('heading', { name: 'Đơn hàng và biên nhận' })).toBeVisible()
})

test('not enough credits: the out-of-credits panel with the balance and "Mua thêm", and the text stays', async ({
  page,
}) => {
  const checkout = catalogue('checkout', 'checkout')
  await signUp(page, 'Hết Ký Tự')
  const balanceText = page.getByTestId('char-count').getByText(/^Còn /)
  await expect(balanceText).toBeVisible()
  const balance = Number((await balanceText.textContent())!.replace(/\D/g, ''))
  expect(balance).toBeGreaterThan(0)
  const sentence = 'Hôm nay trời đẹp. '
  const text = sentence.repeat(Math.ceil((balance + 50) / sentence.length)).trim()
  expect(text.length).toBeLessThan(100_000)
  const editor = page.getByRole('textbox', { name: sm('studio.editor.paragraph', { n: 1 }) })
  await editor.fill(text)
  await page.getByRole('button', { name: sm('studio.synth.button') }).click()
  // Issue 28: a path, not a notice — the wallet, what is left (with its unit) and "Mua thêm" on the studio's package.
  const short = page.getByTestId('out-of-credits')
  await expect(short).toHaveAttribute('data-product', 'aivoice')
  await expect(short.getByTestId('out-of-credits-amounts')).toContainText(
    checkout('units.characters', { n: balance.toLocaleString('vi-VN') }),
  )
  await expect(short.getByRole('link', { name: checkout('outOfCredits.buyMore') })).toHaveAttribute(
    'href',
    '/studio/payments?buy=aivoice',
  )
  await expect(editor).toHaveValue(text)
  await expect(page.getByTestId('synth-progress')).toHaveCount(0)
  await page.reload()
  await expect(page.getByRole('textbox', { name: sm('studio.editor.paragraph', { n: 1 }) })).toHaveValue(text)
})

import { expect, test, type Page } from '@playwright/test'
import { signUp, sm } from './support/studio.ts'

/** The reading of `word` in the reading preview's table. */
const readingOf = (page: Page, word: string) =>
  page.getByTestId('reading-preview').getByTestId('reading').filter({ hasText: word }).locator('td').nth(1)

const RULE_READING = 'vê kép hát ô'

test('pronunciation dictionary: click a highlighted word → add → the preview and the synthesis read it → edit → delete', async ({
  page,
}) => {
  test.setTimeout(150_000)
  await signUp(page, 'Từ Điển')
  const editor = page.getByRole('textbox', { name: sm('studio.editor.paragraph', { n: 1 }) })
  await editor.fill('Tổ chức WHO họp tại Hà Nội.')

  // The rule's reading first.
  await page.getByRole('button', { name: sm('studio.preview.button') }).click()
  await expect(readingOf(page, 'WHO')).toHaveText(RULE_READING)

  // Click the highlighted word: the dictionary opens with a new entry pre-filled with it.
  await page
    .getByTestId('reading-preview')
    .getByRole('button', { name: sm('studio.preview.addEntry', { word: 'WHO', text: RULE_READING }) })
    .click()
  const dialog = page.getByRole('dialog', { name: sm('studio.dictionary.title') })
  await expect(dialog).toBeVisible()
  await expect(dialog.getByRole('heading', { name: sm('studio.dictionary.addTitle') })).toBeVisible()
  const word = dialog.getByRole('textbox', { name: sm('studio.dictionary.word') })
  const reading = dialog.getByRole('textbox', { name: sm('studio.dictionary.reading') })
  await expect(word).toHaveValue('WHO')
  await expect(reading).toBeFocused()

  // A reading with digits is refused with the translated error; what was typed stays.
  await reading.fill('hu 1')
  await dialog.getByRole('button', { name: sm('studio.dictionary.add') }).click()
  await expect(page.getByText(sm('studio.errors.DICTIONARY_READING_INVALID'))).toBeVisible()
  await expect(reading).toHaveValue('hu 1')

  // Listen to the reading with the paragraph's voice (the short "listen" path answers audio).
  await reading.fill('hu')
  const heard = page.waitForResponse((r) => r.url().includes('/api/v1/demo/synthesis'))
  const listenLabel = sm('studio.dictionary.listenReadingOf', { word: 'WHO' }).split('{voice}')[0]!
  await dialog.locator('form').getByRole('button', { name: listenLabel }).click()
  const audio = await heard
  expect(audio.status()).toBe(200)
  expect(audio.headers()['content-type']).toBe('audio/mpeg')

  // Add: the entry is listed and the preview reads it.
  await dialog.getByRole('button', { name: sm('studio.dictionary.add') }).click()
  await expect(page.getByText(sm('studio.dictionary.added', { word: 'WHO' }))).toBeVisible()
  const entries = dialog.getByTestId('dictionary-entry')
  await expect(entries).toHaveCount(1)
  await expect(entries.first()).toContainText('WHO')
  await expect(entries.first()).toContainText('hu')
  await expect(readingOf(page, 'WHO')).toHaveText('hu')
  // Listed under its kind's (translated) heading in the compact reading table.
  const dictionaryGroup = page.getByTestId('reading-preview').locator('tbody[data-kind="dictionary"]')
  await expect(dictionaryGroup.getByTestId('reading').filter({ hasText: 'WHO' })).toHaveCount(1)
  await expect(dictionaryGroup.locator('th')).toHaveText(sm('studio.preview.kinds.dictionary'))

  // The same word again (spaces around it) is a translated conflict; "who" in small letters would be another word.
  await word.fill(' WHO ')
  await reading.fill('hu hu')
  await dialog.getByRole('button', { name: sm('studio.dictionary.add') }).click()
  await expect(page.getByText(sm('studio.errors.DICTIONARY_ENTRY_EXISTS'))).toBeVisible()
  await dialog.getByRole('button', { name: sm('studio.dictionary.cancel'), exact: true }).click()

  // Escape closes the dialog.
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()

  // Synthesis reads with the dictionary: the timeline's spoken text has the reading.
  const timeline = page.waitForResponse((r) => /timeline/.test(r.url()) && r.request().method() === 'GET')
  await page.getByRole('button', { name: sm('studio.synth.button') }).click()
  await expect(page.getByText(sm('studio.synth.done'))).toBeVisible({ timeout: 90_000 })
  const spoken = ((await (await timeline).json()) as { sentences: { text: string }[] }).sentences
    .map((s) => s.text)
    .join(' ')
  expect(spoken.toLowerCase()).toContain('tổ chức hu họp')
  expect(spoken).not.toContain(RULE_READING)

  // Clicking the word again edits its entry (from the keyboard: Tab to the word, Enter).
  const wordButton = page
    .getByTestId('reading-preview')
    .getByRole('button', { name: sm('studio.preview.editEntry', { word: 'WHO', text: 'hu' }) })
  await wordButton.focus()
  await page.keyboard.press('Enter')
  await expect(dialog.getByRole('heading', { name: sm('studio.dictionary.editTitle') })).toBeVisible()
  await expect(reading).toHaveValue('hu')
  await reading.fill('đáp liu hát ô')
  await dialog.getByRole('button', { name: sm('studio.dictionary.save') }).click()
  await expect(page.getByText(sm('studio.dictionary.updated', { word: 'WHO' }))).toBeVisible()
  await expect(entries.first()).toContainText('đáp liu hát ô')
  await expect(readingOf(page, 'WHO')).toHaveText('đáp liu hát ô')

  // Search.
  const search = dialog.getByRole('searchbox', { name: sm('studio.dictionary.search') })
  await search.fill('dap liu')
  await expect(entries).toHaveCount(1)
  await search.fill('không có')
  await expect(entries).toHaveCount(0)
  await expect(dialog.getByText(sm('studio.dictionary.noMatch'))).toBeVisible()
  await search.fill('')

  // Delete (confirmed): the preview is back to the rule's reading.
  await dialog.getByRole('button', { name: sm('studio.dictionary.deleteWord', { word: 'WHO' }) }).click()
  const confirm = dialog.getByRole('group', { name: sm('studio.dictionary.confirmDelete', { word: 'WHO' }) })
  await expect(confirm).toBeVisible()
  await confirm.getByRole('button', { name: sm('studio.dictionary.delete') }).click()
  await expect(page.getByText(sm('studio.dictionary.deleted', { word: 'WHO' }))).toBeVisible()
  await expect(dialog.getByText(sm('studio.dictionary.empty'))).toBeVisible()
  await expect(readingOf(page, 'WHO')).toHaveText(RULE_READING)
  await dialog.getByRole('button', { name: sm('studio.dictionary.close') }).click()
  await expect(dialog).toBeHidden()
})

test('pronunciation dictionary at 360 px: opened from the keyboard, fits without horizontal scrolling (English)', async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 740 })
  await signUp(page, 'Dictionary Mobile')
  await page.goto('/en/studio/text-to-speech')
  const open = page.getByRole('button', { name: sm('studio.dictionary.open', {}, 'en') })
  await open.focus()
  await page.keyboard.press('Enter')
  const dialog = page.getByRole('dialog', { name: sm('studio.dictionary.title', {}, 'en') })
  await expect(dialog).toBeVisible()
  await expect(dialog.getByRole('textbox', { name: sm('studio.dictionary.word', {}, 'en') })).toBeFocused()
  await page.keyboard.type('AI')
  await page.keyboard.press('Tab')
  await page.keyboard.type('ây ai')
  await page.keyboard.press('Enter')
  await expect(page.getByText(sm('studio.dictionary.added', { word: 'AI' }, 'en'))).toBeVisible()
  await expect(dialog.getByTestId('dictionary-entry')).toHaveCount(1)
  await expect(dialog.getByTestId('dictionary-count')).toHaveText(
    sm('studio.dictionary.count', { n: 1, max: 500 }, 'en'),
  )
  const box = (await dialog.boundingBox())!
  expect(box.x).toBeGreaterThanOrEqual(0)
  expect(box.x + box.width).toBeLessThanOrEqual(360)
  expect(await dialog.evaluate((d) => d.scrollWidth - d.clientWidth)).toBeLessThanOrEqual(0)
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
})

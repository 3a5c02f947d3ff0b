import { expect, test, type Page } from '@playwright/test'
import { signUp, sm } from './support/studio.ts'

/**
 * Issue 27: the readings the normalizer is not sure of (its `doubt` marks) are shown first in the studio's reading
 * preview — listed above the text and marked apart in it; hovering or focusing a word shows its reading; one click
 * opens "add to my dictionary" with the word and the suggested reading.
 */

// A capitals word not in the lexicon (spelled), a flight code, a date read from its context ("tối 14.7"); ASEAN
// (in the lexicon) and 12 are sure readings.
const TEXT = 'Ngân hàng HSBC và khối ASEAN mở 12 chi nhánh. Chuyến bay VJ122 cất cánh tối 14.7 tại Nội Bài.'
const DOUBTS = [
  ['HSBC', 'unknown-acronym'],
  ['VJ122', 'code'],
  ['14.7', 'date-or-number'],
] as const

interface Span {
  source: string
  text: string
  kind: string
  doubt: string | null
}

/** Types the text, asks for the reading preview and returns the API's spans (the readings the page must show). */
const previewText = async (page: Page, locale: 'vi' | 'en') => {
  await page.getByRole('textbox', { name: sm('studio.editor.paragraph', { n: 1 }, locale) }).fill(TEXT)
  const answered = page.waitForResponse(
    (r) => r.url().includes('/synthesis/preview') && r.request().method() === 'POST',
  )
  await page.getByRole('button', { name: sm('studio.preview.button', {}, locale) }).click()
  const body = (await (await answered).json()) as { result: { spans: Span[] } }
  const spans = body.result.spans
  const reading = (word: string) => spans.find((s) => s.source === word)!.text
  return { preview: page.getByTestId('reading-preview'), spans, reading }
}

test('the reading preview shows the doubtful readings first; hover and focus show a reading; one click adds it to the dictionary', async ({
  page,
}) => {
  test.setTimeout(120_000)
  await signUp(page, 'Kiểm Tra Cách Đọc')
  const { preview, spans, reading } = await previewText(page, 'vi')
  // The API marks exactly these three (the normalizer's doubt marks on the wire).
  expect(spans.filter((s) => s.doubt).map((s) => [s.source, s.doubt])).toEqual(DOUBTS)

  // Listed first, above the text, in the order of the text, each with its reading and the reason.
  const doubts = preview.getByRole('group', { name: sm('studio.preview.doubtsTitle', { n: 3 }) })
  await expect(doubts).toBeVisible()
  const items = doubts.getByRole('button')
  await expect(items).toHaveText(DOUBTS.map(([word]) => new RegExp(`^${word.replace('.', '\\.')}`)))
  for (const [word, doubt] of DOUBTS) {
    await expect(items.filter({ hasText: word })).toContainText(reading(word))
    await expect(items.filter({ hasText: word })).toContainText(sm(`studio.preview.doubts.${doubt}`))
  }
  const text = preview.locator('.studio-preview-text')
  expect((await doubts.boundingBox())!.y).toBeLessThan((await text.boundingBox())!.y)

  // Marked apart in the text: the three doubtful words, not the sure ones.
  await expect(text.locator('mark[data-doubt]')).toHaveCount(3)
  await expect(text.locator('mark[data-doubt]')).toHaveText(DOUBTS.map(([word]) => word))
  await expect(text.locator('mark.studio-nsw', { hasText: 'ASEAN' })).not.toHaveAttribute('data-doubt')

  // Hover shows the reading and why it is in doubt; moving away hides it.
  const mark = (word: string) =>
    text.getByRole('button', {
      name: sm('studio.preview.doubtEntry', {
        word,
        text: reading(word),
        reason: sm(`studio.preview.doubts.${DOUBTS.find(([w]) => w === word)![1]}`),
      }),
    })
  const tip = page.getByRole('tooltip')
  await mark('HSBC').hover()
  await expect(tip).toContainText(sm('studio.preview.readsAs', { text: reading('HSBC') }))
  await expect(tip).toContainText(
    sm('studio.preview.notSure', { reason: sm('studio.preview.doubts.unknown-acronym') }),
  )
  await page.mouse.move(0, 0)
  await expect(tip).toBeHidden()

  // Focus (keyboard) shows it too, and the word is described by it; Escape dismisses it.
  await mark('14.7').focus()
  await expect(tip).toContainText(sm('studio.preview.readsAs', { text: reading('14.7') }))
  await expect(mark('14.7')).toHaveAttribute('aria-describedby', (await tip.getAttribute('id'))!)
  await page.keyboard.press('Escape')
  await expect(tip).toBeHidden()

  // One click on the word in the text: "add to my dictionary", pre-filled with the word and the suggested reading.
  await mark('VJ122').click()
  const dialog = page.getByRole('dialog', { name: sm('studio.dictionary.title') })
  await expect(dialog.getByRole('heading', { name: sm('studio.dictionary.addTitle') })).toBeVisible()
  const word = dialog.getByRole('textbox', { name: sm('studio.dictionary.word') })
  const readingInput = dialog.getByRole('textbox', { name: sm('studio.dictionary.reading') })
  await expect(word).toHaveValue('VJ122')
  await expect(readingInput).toHaveValue(reading('VJ122'))
  await expect(readingInput).toBeFocused()
  // The suggestion is selected: typing replaces it.
  await page.keyboard.type('vi ét chét một trăm hai mươi hai')
  await page.keyboard.press('Enter')
  await expect(page.getByText(sm('studio.dictionary.added', { word: 'VJ122' }))).toBeVisible()

  // The preview reads again: VJ122 is the user's word now, no longer in doubt.
  await expect(preview.getByRole('group', { name: sm('studio.preview.doubtsTitle', { n: 2 }) })).toBeVisible()
  await expect(text.locator('mark', { hasText: 'VJ122' })).toHaveAttribute('data-kind', 'dictionary')
  await expect(text.locator('mark[data-doubt]')).toHaveText(['HSBC', '14.7'])

  // From the list: one click, the suggestion kept as it is (Enter).
  await dialog.getByRole('button', { name: sm('studio.dictionary.close') }).click()
  await expect(dialog).toBeHidden()
  await preview
    .getByRole('group', { name: sm('studio.preview.doubtsTitle', { n: 2 }) })
    .getByRole('button', { name: new RegExp(`^“HSBC”`) })
    .click()
  await expect(word).toHaveValue('HSBC')
  await expect(readingInput).toHaveValue(reading('HSBC'))
  await page.keyboard.press('Enter')
  await expect(page.getByText(sm('studio.dictionary.added', { word: 'HSBC' }))).toBeVisible()
  await expect(dialog.getByTestId('dictionary-entry')).toHaveCount(2)
  await expect(preview.getByRole('group', { name: sm('studio.preview.doubtsTitle', { n: 1 }) })).toBeVisible()
  await expect(text.locator('mark[data-doubt]')).toHaveText(['14.7'])
})

test('doubtful readings at 360 px in English: the list and the tooltip stay inside the screen', async ({
  page,
}) => {
  test.setTimeout(120_000)
  await page.setViewportSize({ width: 360, height: 740 })
  await signUp(page, 'Reading Doubts Mobile')
  await page.goto('/en/studio/text-to-speech')
  const { preview, reading } = await previewText(page, 'en')

  const doubts = preview.getByRole('group', { name: sm('studio.preview.doubtsTitle', { n: 3 }, 'en') })
  await expect(doubts).toBeVisible()
  await expect(doubts).toContainText(sm('studio.preview.doubts.code', {}, 'en'))
  const box = (await doubts.boundingBox())!
  expect(box.x).toBeGreaterThanOrEqual(0)
  expect(box.x + box.width).toBeLessThanOrEqual(360)
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360)

  // The last doubtful word of the text, focused from the keyboard: its tooltip fits the screen.
  const mark = preview.locator('.studio-preview-text mark[data-doubt]').last().getByRole('button')
  await mark.focus()
  const tip = page.getByRole('tooltip')
  await expect(tip).toContainText(sm('studio.preview.readsAs', { text: reading('14.7') }, 'en'))
  await expect(tip).toContainText(
    sm('studio.preview.notSure', { reason: sm('studio.preview.doubts.date-or-number', {}, 'en') }, 'en'),
  )
  const tipBox = (await tip.boundingBox())!
  expect(tipBox.x).toBeGreaterThanOrEqual(0)
  expect(tipBox.x + tipBox.width).toBeLessThanOrEqual(360)

  // Enter on it opens the dictionary with the word and the suggested reading.
  await page.keyboard.press('Enter')
  const dialog = page.getByRole('dialog', { name: sm('studio.dictionary.title', {}, 'en') })
  await expect(dialog.getByRole('textbox', { name: sm('studio.dictionary.word', {}, 'en') })).toHaveValue(
    '14.7',
  )
  await expect(dialog.getByRole('textbox', { name: sm('studio.dictionary.reading', {}, 'en') })).toHaveValue(
    reading('14.7'),
  )
})

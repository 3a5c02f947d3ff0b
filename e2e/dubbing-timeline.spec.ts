import { expect, test, type Page } from '@playwright/test'
import { dm, TWO_SPEAKER_SRT } from './support/dubbing.ts'
import { msg } from './support/messages.ts'
import { signUp } from './support/studio.ts'

interface WireLine {
  id: string
  start_ms: number
  end_ms: number
  speaker: string | null
  text: string
}

/** The project as the API has it, read with the page's own token (taken from a request the page made). */
const savedLines = async (page: Page, projectUrl: string, authorization: string): Promise<WireLine[]> => {
  const response = await page.request.get(projectUrl, { headers: { authorization } })
  expect(response.ok()).toBe(true)
  return ((await response.json()) as { result: { lines: WireLine[] } }).result.lines
}

test('dubbing timeline: two speakers in two lanes; a block edit saves; drags (edge, body) and a key retime (read back through the API); play moves the playhead', async ({
  page,
}) => {
  test.setTimeout(300_000)
  await signUp(page, 'Người Dựng Tiếng')
  await page.goto('/studio/dubbing')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(msg('vi', 'shell.dubbing'))
  await page.getByLabel(dm('chooseSubtitle')).setInputFiles({
    name: 'hai-nguoi.srt',
    mimeType: 'application/x-subrip',
    buffer: Buffer.from(TWO_SPEAKER_SRT),
  })

  // Two lanes, one per speaker; the names are in the lanes, not in the lines' text.
  const blocks = page.getByTestId('dub-block')
  await expect(blocks).toHaveCount(3, { timeout: 20_000 })
  const lanes = page.getByTestId('dub-lane')
  await expect(lanes).toHaveCount(2)
  const lan = page.getByRole('group', { name: dm('timeline.lane', { speaker: 'Lan' }) })
  const minh = page.getByRole('group', { name: dm('timeline.lane', { speaker: 'Minh' }) })
  await expect(lan.getByTestId('dub-block')).toHaveCount(2)
  await expect(minh.getByTestId('dub-block')).toHaveCount(1)
  await expect(lan.getByTestId('dub-block').first()).toContainText('Xin chào anh')
  await expect(lan).not.toContainText('LAN:')
  await expect(minh).not.toContainText('[Minh]')
  // Before a render every line is "not rendered yet".
  await expect(blocks.first()).toHaveClass(/dub-tone-none/)

  // Click a block: its text and timing in the side panel; saving sends the line edit.
  const panel = page.getByTestId('dub-line-panel')
  await minh.getByTestId('dub-block').getByRole('button').click()
  const text = panel.getByLabel(`${dm('text')} 2`)
  await expect(text).toHaveValue('Anh khỏe, cảm ơn em.')
  await expect(panel.getByLabel(`${dm('speaker')} 2`)).toHaveValue('Minh')
  await text.fill('Anh khỏe lắm, cảm ơn em.')
  const firstEdit = page.waitForRequest((r) => r.method() === 'PATCH' && /\/lines\//.test(r.url()))
  await panel.getByRole('button', { name: dm('save'), exact: true }).click()
  const edit = await firstEdit
  const authorization = edit.headers().authorization!
  const projectUrl = edit.url().replace(/\/lines\/[^/]+$/, '')
  await expect(minh.getByTestId('dub-block')).toContainText('Anh khỏe lắm, cảm ơn em.')
  const minhId = (await minh.getByTestId('dub-block').getAttribute('data-line'))!
  expect((await savedLines(page, projectUrl, authorization)).find((l) => l.id === minhId)!.text).toBe(
    'Anh khỏe lắm, cảm ơn em.',
  )

  // Drag the end of Lan's second line 60 px to the right: the API keeps the new end the block shows.
  const third = lan.getByTestId('dub-block').nth(1)
  const thirdId = (await third.getAttribute('data-line'))!
  const edge = (await third.getByTestId('dub-block-end').boundingBox())!
  await page.mouse.move(edge.x + edge.width / 2, edge.y + edge.height / 2)
  await page.mouse.down()
  await page.mouse.move(edge.x + edge.width / 2 + 30, edge.y + edge.height / 2, { steps: 3 })
  await page.mouse.move(edge.x + edge.width / 2 + 60, edge.y + edge.height / 2, { steps: 3 })
  await page.mouse.up()
  await expect(page.getByText(dm('timeline.retimed')).first()).toBeVisible()
  await expect.poll(async () => Number(await third.getAttribute('data-end'))).toBeGreaterThan(7500)
  const draggedEnd = Number(await third.getAttribute('data-end'))
  await expect
    .poll(
      async () => (await savedLines(page, projectUrl, authorization)).find((l) => l.id === thirdId)!.end_ms,
    )
    .toBe(draggedEnd)
  expect((await savedLines(page, projectUrl, authorization)).find((l) => l.id === thirdId)!.start_ms).toBe(
    5500,
  )

  // The keyboard does the same: an arrow key moves the focused line by 0.1 s.
  await minh.getByTestId('dub-block').getByRole('button').focus()
  await page.keyboard.press('ArrowRight')
  await expect
    .poll(async () => {
      const line = (await savedLines(page, projectUrl, authorization)).find((l) => l.id === minhId)!
      return [line.start_ms, line.end_ms]
    })
    .toEqual([3100, 5100])

  // Dragging the body moves the whole line: both ends later by the same time.
  const body = (await minh.getByTestId('dub-block').getByRole('button').boundingBox())!
  await page.mouse.move(body.x + body.width / 2, body.y + body.height / 2)
  await page.mouse.down()
  await page.mouse.move(body.x + body.width / 2 + 20, body.y + body.height / 2, { steps: 3 })
  await page.mouse.move(body.x + body.width / 2 + 40, body.y + body.height / 2, { steps: 3 })
  await page.mouse.up()
  await expect
    .poll(
      async () => (await savedLines(page, projectUrl, authorization)).find((l) => l.id === minhId)!.start_ms,
    )
    .toBeGreaterThan(3100)
  const moved = (await savedLines(page, projectUrl, authorization)).find((l) => l.id === minhId)!
  expect(moved.end_ms - moved.start_ms).toBe(2000)
  await expect(minh.getByTestId('dub-block')).toHaveAttribute('data-start', String(moved.start_ms))

  // Render, then play: the blocks take their fit colours, the waveform is drawn, the playhead moves.
  await page.getByRole('button', { name: dm('render') }).click()
  await expect(page.getByTestId('dub-summary')).toBeVisible({ timeout: 120_000 })
  for (const block of await blocks.all()) await expect(block).toHaveClass(/dub-tone-(fits|faster|borrowed)/)
  await expect(page.getByTestId('dub-waveform')).toBeVisible()
  const playhead = page.getByTestId('dub-playhead')
  await expect(page.getByTestId('dub-play')).toBeEnabled()
  await page.getByTestId('dub-play').click()
  await expect.poll(async () => Number(await playhead.getAttribute('data-ms'))).toBeGreaterThan(0)
  await page.getByTestId('dub-play').click()
  // Play from a point: a click on the ruler at about 6 s plays from there.
  const ruler = (await page.getByTestId('dub-ruler').boundingBox())!
  const third6s = (await third.boundingBox())!
  await page.mouse.click(third6s.x + 10, ruler.y + ruler.height / 2)
  await expect.poll(async () => Number(await playhead.getAttribute('data-ms'))).toBeGreaterThan(5500)
})

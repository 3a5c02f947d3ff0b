import { expect, test } from '@playwright/test'
import { catalogue, msg } from './support/messages.ts'
import { signUp } from './support/studio.ts'

/** A dubbing message (messages/dubbing/{vi,en}.json, namespace dubbing). */
const dm = catalogue('dubbing', 'dubbing')

// Line 1 is far too long for its half second and line 2 follows at once: it cannot fit without a cut.
const SRT = `1
00:00:00,500 --> 00:00:01,000
LAN: Trời nắng đẹp và có gió nhẹ ở khắp nơi trong thành phố hôm nay.

2
00:00:01,100 --> 00:00:02,000
MINH: Vâng.

3
00:00:02,000 --> 00:00:03,000
LAN: Đi thôi.

4
00:00:03,000 --> 00:00:04,000
MINH: Ừ.
`

test('a two-speaker project with a line that cannot fit is held at export until the line is fixed', async ({
  page,
}) => {
  test.setTimeout(240_000)
  await signUp(page, 'Người Lồng Tiếng')
  await page.goto('/studio/dubbing')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(msg('vi', 'shell.dubbing'))
  await page.getByLabel(dm('chooseSubtitle')).setInputFiles({
    name: 'qua-dai.srt',
    mimeType: 'application/x-subrip',
    buffer: Buffer.from(SRT),
  })
  await expect(page.getByTestId('dub-block')).toHaveCount(4, { timeout: 20_000 })
  await expect(page.getByTestId('dub-speaker')).toHaveCount(2)

  // Export held: on the timeline the line is painted "does not fit"; in the list it comes first, with its fixes;
  // nothing to download.
  await page.getByRole('button', { name: dm('render') }).click()
  await expect(page.getByTestId('dub-held')).toBeVisible({ timeout: 120_000 })
  await expect(page.getByTestId('dub-block').filter({ hasText: 'Trời nắng đẹp' })).toHaveClass(
    /dub-tone-unresolved/,
  )
  await page.getByRole('tab', { name: dm('timeline.viewList') }).click()
  await expect(page.getByTestId('dub-line')).toHaveCount(4)
  const first = page.getByTestId('dub-line').first()
  await expect(first.getByTestId('dub-fixes')).toBeVisible()
  await expect(first.getByLabel(`${dm('text')} 1`)).toHaveValue(/Trời nắng đẹp/)
  await expect(page.getByTestId('dub-summary')).toHaveCount(0)

  // Accept the cut for that line: the next render goes through and says so.
  await first.getByRole('button', { name: dm('fixAccept') }).click()
  await expect(page.getByTestId('dub-held')).toHaveCount(0)
  await page.getByRole('button', { name: dm('render') }).click()
  await expect(page.getByTestId('dub-summary')).toBeVisible({ timeout: 120_000 })
  await expect(page.getByTestId('dub-summary')).toHaveText(dm('summary', { lines: 4, fitted: 3, flagged: 1 }))
})

import { expect, test } from '@playwright/test'
import { catalogue, msg } from './support/messages.ts'
import { signUp } from './support/studio.ts'

/** A dubbing message (messages/dubbing/{vi,en}.json, namespace dubbing). */
const dm = catalogue('dubbing', 'dubbing')

const STYLE = ',Arial,60,&H00FFFFFF,&H000000FF,&H00000000,&H00000000,0,0,0,0,100,100,0,0,1,3,1,2,10,10,40,1'
// A sign (typesetting by default), a song in a style the default rule does not know, and an English line.
const ASS = `[Script Info]
ScriptType: v4.00+

[V4+ Styles]
Format: Name, Fontname, Fontsize, PrimaryColour, SecondaryColour, OutlineColour, BackColour, Bold, Italic, Underline, StrikeOut, ScaleX, ScaleY, Spacing, Angle, BorderStyle, Outline, Shadow, Alignment, MarginL, MarginR, MarginV, Encoding
Style: Default${STYLE}
Style: Sign${STYLE}
Style: Lyrics${STYLE}

[Events]
Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text
Dialogue: 0,0:00:01.00,0:00:03.00,Default,,0,0,0,,Xin chào các bạn.
Dialogue: 0,0:00:01.00,0:00:03.00,Sign,,0,0,0,,Quán phở Hà Nội
Dialogue: 0,0:00:04.00,0:00:06.00,Lyrics,,0,0,0,,Ngày mai trời lại sáng.
Dialogue: 0,0:00:07.00,0:00:09.00,Default,,0,0,0,,What are you doing here?
`

test('dubbing studio: a line its voice cannot read is marked; the typesetting rule is changed after creation', async ({
  page,
}) => {
  test.setTimeout(180_000)
  await signUp(page, 'Người Làm Phụ Đề')
  await page.goto('/studio/dubbing')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(msg('vi', 'shell.dubbing'))
  await page.getByLabel(dm('chooseSubtitle')).setInputFiles({
    name: 'tap-1.ass',
    mimeType: 'text/x-ssa',
    buffer: Buffer.from(ASS),
  })
  // The editor opens on the timeline (a block per line); this spec reads the lines in the list view.
  await expect(page.getByTestId('dub-block')).toHaveCount(3, { timeout: 20_000 })
  await page.getByRole('tab', { name: dm('timeline.viewList') }).click()
  const lines = page.getByTestId('dub-line')
  await expect(lines).toHaveCount(3)

  // The English line is marked (its voice is Vietnamese), the others are not.
  const warning = dm('languageWarning', { language: dm('languages.en') })
  await expect(page.getByTestId('dub-foreign')).toBeVisible()
  await expect(page.getByTestId('dub-language')).toHaveCount(1)
  await expect(lines.nth(2).getByTestId('dub-language')).toHaveText(warning)
  // The voice picker says why no voice choice fixes it here: no catalogued voice reads English (all Vietnamese).
  await expect(page.getByTestId('dub-voice-hint')).toHaveText(
    dm('voicesNone', { languages: dm('languages.en') }),
  )

  // Lyrics become typesetting, signs are spoken: the file is read again under the rule, which the project keeps.
  const panel = page.getByTestId('dub-typesetting')
  await panel.locator('summary').click()
  await panel.getByLabel(dm('typesettingStyles')).fill('lyrics')
  await panel.getByRole('button', { name: dm('typesettingApply') }).click()
  await expect(page.getByText(dm('typesettingApplied'))).toBeVisible()
  await expect(lines.nth(1).getByLabel(`${dm('text')} 2`)).toHaveValue('Quán phở Hà Nội')
  await page.reload()
  await expect(lines.nth(1).getByLabel(`${dm('text')} 2`)).toHaveValue('Quán phở Hà Nội', { timeout: 20_000 })
  await page.getByTestId('dub-typesetting').locator('summary').click()
  await expect(page.getByTestId('dub-typesetting').getByLabel(dm('typesettingStyles'))).toHaveValue('lyrics')

  // Usable at 360 px.
  await page.setViewportSize({ width: 360, height: 800 })
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360)
})

import { expect, test } from '@playwright/test'
import { PROVIDER_VOICE } from './support/provider.ts'
import { signUp, sm } from './support/studio.ts'

test('studio synthesis with a provider voice: chosen in the picker, spoken through the provider, played', async ({
  page,
}) => {
  test.setTimeout(150_000)
  await signUp(page, 'Người Nghe Giọng Cao Cấp')
  await page
    .getByRole('textbox', { name: sm('studio.editor.paragraph', { n: 1 }) })
    .fill('Xin chào. Đây là giọng đọc cao cấp qua nhà cung cấp.')
  await page
    .getByRole('group', { name: sm('studio.editor.paragraph', { n: 1 }) })
    .getByRole('button', { name: /^Giọng/ })
    .click()
  const dialog = page.getByRole('dialog', { name: sm('studio.voices.title') })
  const card = dialog.locator('li.studio-voice').filter({ hasText: PROVIDER_VOICE.name })
  await expect(card).toHaveCount(1)
  await dialog
    .getByRole('button', { name: sm('studio.voices.chooseVoice', { name: PROVIDER_VOICE.name }) })
    .click()
  await expect(dialog).toBeHidden()

  // The request names the provider voice; the provider (a loopback OpenAI-compatible server) speaks it.
  const created = page.waitForResponse(
    (r) => r.request().method() === 'POST' && /\/api\/v1\/synthesis$/.test(r.url()),
  )
  await page.getByRole('button', { name: sm('studio.synth.button') }).click()
  const body = (await (await created).request().postDataJSON()) as Record<string, unknown>
  expect(JSON.stringify(body)).toContain(PROVIDER_VOICE.code)
  await expect(page.getByText(sm('studio.synth.done'))).toBeVisible({ timeout: 90_000 })
  const play = page.getByTestId('player').getByRole('button', { name: sm('studio.player.play') })
  await expect(play).toBeEnabled({ timeout: 20_000 })
  await expect(page.getByTestId('player').locator('.studio-wave')).toHaveAttribute('data-ready', 'true')
  await play.click()
  await expect(page.getByTestId('player-time')).not.toHaveText(/^0:00 \//, { timeout: 15_000 })
})

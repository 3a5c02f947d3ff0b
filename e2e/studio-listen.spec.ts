import { expect, test } from '@playwright/test'
import { article, liveAudioState, typeTwoVoices } from './support/listen.ts'
import { signUp, sm } from './support/studio.ts'

/**
 * Issue 31, listening while it renders: a 3,000-character article in two voices is heard — the player's time
 * advances — while its synthesis job is still running; the whole file then completes the same playback (no
 * reload), and the downloads come.
 */
test('a 3,000-character two-voice synthesis is heard before it finishes, then the whole file takes over without a pause', async ({
  page,
}) => {
  test.setTimeout(300_000)
  await signUp(page, 'Người Nghe Sớm')
  const text = article(Date.now() % 100_000)
  expect(text.join(' ').length).toBeGreaterThanOrEqual(3_000)
  await typeTwoVoices(page, text)

  await page.getByRole('button', { name: sm('studio.synth.button') }).click()

  // Heard while the job runs: the element playing the parts has moved on and the progress bar is still there.
  await expect
    .poll(
      async () => {
        const state = await liveAudioState(page)
        return state.currentTime > 0.5
          ? state.running
            ? 'heard while rendering'
            : 'heard after the end'
          : 'silent'
      },
      { timeout: 180_000, intervals: [100] },
    )
    .toBe('heard while rendering')
  const dock = page.getByTestId('player-dock')
  await expect(dock).toHaveAttribute('data-docked', 'true')
  await expect(dock.getByRole('button', { name: sm('studio.player.pause') })).toBeVisible()
  await expect(page.getByTestId('live-audio')).toHaveAttribute('data-live', 'rendering')
  await expect(dock.getByText(sm('studio.player.rendering'))).toBeVisible()
  // The player's own clock shows it too (it reads whole seconds).
  await expect(page.getByTestId('player-time')).not.toHaveText(/^0:00 \//, { timeout: 30_000 })
  const heard = await liveAudioState(page)

  // Done: the downloads come, and the same element goes on playing from where it was (nothing reloaded).
  await expect(page.getByText(sm('studio.synth.done'))).toBeVisible({ timeout: 240_000 })
  await expect(dock.getByRole('button', { name: sm('studio.result.downloadMp3') })).toBeVisible()
  await expect(page.getByTestId('live-audio')).toHaveAttribute('data-live', 'complete', { timeout: 60_000 })
  await expect(dock.locator('.studio-wave')).toHaveAttribute('data-ready', 'true')
  const after = await liveAudioState(page)
  expect(after.src).toBe(heard.src)
  expect(after.paused).toBe(false)
  expect(after.currentTime).toBeGreaterThan(heard.currentTime)
  // The transcript of the finished request marks the sentence being spoken.
  await expect(page.getByTestId('transcript').locator('[aria-current="true"]')).toHaveCount(1, {
    timeout: 30_000,
  })
})

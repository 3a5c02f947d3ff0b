import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { expect, test, type Page } from '@playwright/test'
import { dm, TWO_SPEAKER_SRT } from './support/dubbing.ts'
import { msg } from './support/messages.ts'
import { signUp } from './support/studio.ts'
import { makeTestVideo } from '../packages/dubbing/src/media/test-video.ts'

const hasFfmpeg = spawnSync('ffmpeg', ['-version']).status === 0

const openNewProject = async (page: Page, viewport?: { width: number; height: number }) => {
  await signUp(page, 'Người Lồng Tiếng')
  // The landing's sign-up link is in the menu on phones: sign up first, then narrow the window.
  if (viewport) await page.setViewportSize(viewport)
  await page.goto('/studio/dubbing')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(msg('vi', 'shell.dubbing'))
  await page.getByLabel(dm('chooseSubtitle')).setInputFiles({
    name: 'hoi-thoai.srt',
    mimeType: 'application/x-subrip',
    buffer: Buffer.from(TWO_SPEAKER_SRT),
  })
  if (viewport) {
    // On a phone the editor opens on the list view (docs/decisions.md).
    await expect(page.getByTestId('dub-line')).toHaveCount(3, { timeout: 20_000 })
  } else {
    // Wider, it opens on the timeline; these journeys read and edit the lines in the list view (the timeline has
    // its own spec).
    await expect(page.getByTestId('dub-block')).toHaveCount(3, { timeout: 20_000 })
    await page.getByRole('tab', { name: dm('timeline.viewList') }).click()
    await expect(page.getByTestId('dub-line')).toHaveCount(3)
  }
  await expect(page.getByTestId('dub-speaker')).toHaveCount(2)
}

const renderAndWait = async (page: Page) => {
  await page.getByRole('button', { name: dm('render') }).click()
  await expect(page.getByTestId('dub-summary')).toBeVisible({ timeout: 120_000 })
}

test('dubbing journey: upload an SRT with two speakers → voices → render → play → download the track and the adjusted SRT', async ({
  page,
}) => {
  test.setTimeout(240_000)
  await openNewProject(page)
  await page.getByLabel(`${dm('voice')} Minh`).selectOption('sg_male_hoangphuc_film')
  await expect(page.getByLabel(`${dm('voice')} Minh`)).toHaveValue('sg_male_hoangphuc_film')
  await page.getByLabel(`${dm('voice')} Lan`).selectOption('hn_female_thuha_news')

  await renderAndWait(page)
  await expect(page.getByTestId('dub-summary')).toHaveText(dm('summary', { lines: 3, fitted: 3, flagged: 0 }))
  await expect(page.getByTestId('dub-fit')).toHaveCount(3)

  // The player shows the line being said.
  const audio = page.getByTestId('dub-audio')
  await expect(audio).toBeAttached()
  await audio.evaluate(async (el: HTMLAudioElement) => {
    await new Promise((resolve) =>
      el.readyState > 0 ? resolve(null) : el.addEventListener('loadedmetadata', resolve),
    )
    el.currentTime = 3.4
  })
  await expect(page.getByTestId('dub-now')).toHaveText('Anh khỏe, cảm ơn em.')

  const download = async (file: string) => {
    const done = page.waitForEvent('download')
    await page.locator(`button[data-file="${file}"]`).click()
    const d = await done
    return readFileSync((await d.path())!)
  }
  const mp3 = await download('track_mp3')
  expect(mp3.length).toBeGreaterThan(10_000)
  expect(mp3[0] === 0x49 || mp3[0] === 0xff).toBe(true)
  const srt = (await download('srt')).toString('utf8')
  // Published subtitles: the words only (no speaker prefix, no styling), YouTube's layout.
  expect(srt).toMatch(/^1\n00:00:00,500 --> 00:00:0\d,\d{3}\nXin chào anh/)
  expect(srt).toContain('\nVậy thì tốt quá.\n')

  // The project is on the server: the list finds it again after a reload.
  await page.getByRole('button', { name: `← ${dm('back')}` }).click()
  await page.reload()
  await expect(page.getByTestId('dub-project').filter({ hasText: 'hoi-thoai' })).toHaveCount(1)
})

test('dubbing at 360 px: no sideways scrolling on the list and the editor', async ({ page }) => {
  test.setTimeout(120_000)
  await openNewProject(page, { width: 360, height: 740 })
  const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
  expect(await overflow()).toBeLessThanOrEqual(0)
  // The timeline, when chosen, scrolls sideways inside its own box, never the page.
  await page.getByRole('tab', { name: dm('timeline.viewTimeline') }).click()
  await expect(page.getByTestId('dub-block')).toHaveCount(3)
  expect(await overflow()).toBeLessThanOrEqual(0)
  await page.getByRole('button', { name: `← ${dm('back')}` }).click()
  await expect(page.getByTestId('dub-project')).toHaveCount(1)
  expect(await overflow()).toBeLessThanOrEqual(0)
})

test('dubbing with a video: upload with progress, render, the mix and the muxed video (ffmpeg)', async ({
  page,
}) => {
  test.skip(!hasFfmpeg, 'ffmpeg is not installed (CI installs it)')
  test.setTimeout(300_000)
  const dir = mkdtempSync(path.join(tmpdir(), 'loa-dub-e2e-'))
  const video = path.join(dir, 'clip.mp4')
  const made = makeTestVideo(video, 9)
  expect(made).toBe(true)
  await openNewProject(page)
  await page.getByLabel(dm('chooseMedia')).setInputFiles(video)
  await expect(page.getByText(dm('mediaAttached', { kind: dm('video'), duration: '0:09.0' }))).toBeVisible({
    timeout: 60_000,
  })
  await renderAndWait(page)
  await expect(page.locator('.dub-player video')).toBeAttached()
  await expect(page.locator('button[data-file="video_mp4"]')).toBeEnabled()
  await expect(page.locator('button[data-file="mix_mp3"]')).toBeEnabled()
  const done = page.waitForEvent('download')
  await page.locator('button[data-file="video_mp4"]').click()
  const file = (await (await done).path())!
  const probe = spawnSync('ffprobe', [
    '-v',
    'error',
    '-show_entries',
    'stream=codec_type',
    '-of',
    'csv=p=0',
    file,
  ])
  expect(probe.stdout.toString().trim().split('\n').sort()).toEqual(['audio', 'video'])
})

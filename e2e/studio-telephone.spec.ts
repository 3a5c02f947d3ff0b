import { readFileSync } from 'node:fs'
import { expect, test } from '@playwright/test'
import { msg } from './support/messages.ts'
import { signUp, sm } from './support/studio.ts'

/**
 * Issue 30 §3 in the studio: the result panel downloads the audio as telephone files (the API's
 * `/synthesis/{id}/download?format=`), here a μ-law WAV (format tag 7, 8 kHz, one byte a sample) and raw A-law.
 */
test('studio result: download a μ-law WAV and raw A-law for a telephone line', async ({ page }) => {
  test.setTimeout(150_000)
  await signUp(page, 'Tổng Đài Studio')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(msg('vi', 'shell.textToSpeech'))
  await page
    .getByRole('textbox', { name: sm('studio.editor.paragraph', { n: 1 }) })
    .fill('Xin chào, cảm ơn quý khách đã gọi tới tổng đài.')
  await page.getByRole('button', { name: sm('studio.synth.button') }).click()
  await expect(page.getByText(sm('studio.synth.done'))).toBeVisible({ timeout: 90_000 })

  const download = async (format: string) => {
    await page.getByRole('combobox', { name: sm('studio.result.telephoneFormat') }).selectOption(format)
    const [file] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: sm('studio.result.downloadTelephone') }).click(),
    ])
    return { name: file.suggestedFilename(), bytes: readFileSync((await file.path())!) }
  }
  const wav = await download('ulaw_wav')
  expect(wav.name).toMatch(/\.wav$/)
  expect(wav.bytes.subarray(0, 4).toString('latin1')).toBe('RIFF')
  expect(wav.bytes.readUInt16LE(20)).toBe(7) // WAVE_FORMAT_MULAW
  expect(wav.bytes.readUInt32LE(24)).toBe(8000)
  // 58-byte header, then one byte a sample at 8 kHz: more than a second of speech.
  expect(wav.bytes.length - 58).toBeGreaterThan(8000)

  const alaw = await download('alaw')
  expect(alaw.name).toMatch(/\.alaw$/)
  expect(alaw.bytes.subarray(0, 4).toString('latin1')).not.toBe('RIFF')
  expect(alaw.bytes.length).toBeGreaterThan(8000)
})

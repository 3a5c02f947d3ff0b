import { spawnSync } from 'node:child_process'
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { expect, test } from '@playwright/test'
import { catalogue, msg } from './support/messages.ts'
import { signUp } from './support/studio.ts'

/** A call-prompt message (messages/call-prompts/{vi,en}.json, namespace callPrompts). */
const cm = catalogue('call-prompts', 'callPrompts')

const SCRIPT =
  'Kính chào {{ten}}, khoản phí {{so_tien:money}} của hợp đồng {{ma_hd:code}} đến hạn ngày {{han:date}}.'
const NAMES = ['anh Minh', 'chị Lan', 'cô Hoa', 'bác Tư', 'em Vy']
const rows = (count: number, badRow?: number) =>
  [
    'ten,so_tien,ma_hd,han',
    ...Array.from({ length: count }, (_, i) => {
      const day = badRow === i + 1 ? '31' : String((i % 28) + 1).padStart(2, '0')
      return `${NAMES[i % NAMES.length]} ${i + 1},${(i + 1) * 50_000},HD${100 + i},${day}/11/2026`
    }),
  ].join('\n')

test('call prompts: a 20-row CSV is checked by row, previewed, rendered to μ-law files and downloaded as a ZIP', async ({
  page,
}) => {
  test.setTimeout(300_000)
  await signUp(page, 'Tổng Đài Viên')
  await page.goto('/studio/call-prompts')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(msg('vi', 'shell.callPrompts'))
  await expect(page.getByTestId('cp-balance')).toBeVisible()
  await page.getByTestId('cp-script').fill(SCRIPT)

  // A CSV with a date that does not exist: the row and the column are named, nothing can be rendered.
  await page
    .getByTestId('cp-csv')
    .setInputFiles({ name: 'sai.csv', mimeType: 'text/csv', buffer: Buffer.from(rows(20, 3)) })
  const problems = page.getByTestId('cp-problems')
  await expect(problems.locator('tbody tr')).toHaveCount(1, { timeout: 20_000 })
  await expect(problems.locator('tbody tr')).toContainText(
    ['3', 'han', '31/11/2026', cm('problem.date')].join(''),
  )
  await expect(page.getByTestId('cp-render')).toBeDisabled()

  // The right file: every row reads; row 7 is previewed as it will be spoken.
  await page
    .getByTestId('cp-csv')
    .setInputFiles({ name: 'nhac-phi.csv', mimeType: 'text/csv', buffer: Buffer.from(rows(20)) })
  await expect(page.getByTestId('cp-valid-rows')).toHaveText(cm('check.rows', { valid: 20, total: 20 }), {
    timeout: 20_000,
  })
  await expect(page.getByTestId('cp-all-good')).toBeVisible()
  await page.getByTestId('cp-preview-row').fill('7')
  await page.getByRole('button', { name: cm('preview.show') }).click()
  await expect(page.getByTestId('cp-spoken')).toContainText('khoản phí ba trăm năm mươi nghìn đồng')

  await page.getByTestId('cp-format').selectOption('ulaw')
  await page.getByTestId('cp-render').click()
  const download = page.getByTestId('cp-download')
  await expect(download).toBeVisible({ timeout: 240_000 })
  const done = page.waitForEvent('download')
  await download.click()
  const zip = readFileSync((await (await done).path())!)

  const dir = mkdtempSync(path.join(tmpdir(), 'loa-e2e-call-'))
  writeFileSync(path.join(dir, 'a.zip'), zip)
  expect(spawnSync('unzip', ['-q', 'a.zip', '-d', 'out'], { cwd: dir }).status).toBe(0)
  const files = readdirSync(path.join(dir, 'out')).sort()
  expect(files).toEqual([
    ...Array.from({ length: 20 }, (_, i) => `${String(i + 1).padStart(5, '0')}.ulaw`),
    'manifest.csv',
  ])
  const manifest = readFileSync(path.join(dir, 'out', 'manifest.csv'), 'utf8')
    .trim()
    .split('\r\n')
  expect(manifest).toHaveLength(21)
  for (const [i, line] of manifest.slice(1).entries()) {
    const [row, file, duration, , status] = line.split(',')
    expect([row, file, status]).toEqual([String(i + 1), `${String(i + 1).padStart(5, '0')}.ulaw`, 'SUCCESS'])
    // Raw μ-law at 8 kHz: one byte a sample, as long as the manifest says.
    const bytes = readFileSync(path.join(dir, 'out', file!)).length
    expect(Math.abs(bytes - Number(duration) * 8000)).toBeLessThanOrEqual(4)
  }
  await expect(page.getByTestId('cp-jobs').locator('li[data-status="SUCCESS"]')).toHaveCount(1)
})

test('call prompts at 360 px: no sideways scrolling', async ({ page }) => {
  test.setTimeout(120_000)
  await page.setViewportSize({ width: 360, height: 740 })
  await signUp(page, 'Tổng Đài Hẹp')
  await page.goto('/studio/call-prompts')
  await page.getByTestId('cp-script').fill(SCRIPT)
  await page
    .getByTestId('cp-csv')
    .setInputFiles({ name: 'sai.csv', mimeType: 'text/csv', buffer: Buffer.from(rows(5, 2)) })
  await expect(page.getByTestId('cp-problems')).toBeVisible({ timeout: 20_000 })
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
  ).toBeLessThanOrEqual(0)
})

import { expect, test } from '@playwright/test'
import { am, grantRole } from './support/admin.ts'
import { E2E } from './support/env.ts'
import { signUp } from './support/studio.ts'

/** The English back-office's messages. */
const en = (key: string, values: Record<string, string | number> = {}) => am(key, values, 'en')

test.describe('back-office catalogue', () => {
  test("edit a package's English name in /admin: the English pricing shows it; bad input is shown per field", async ({
    page,
    browser,
  }) => {
    test.setTimeout(150_000)
    // A landing package the English-site spec does not read by name.
    const guest = await browser.newContext({ baseURL: E2E.webUrl })
    const landing = await guest.newPage()
    await landing.goto('/en')
    const codes = await landing
      .locator('#pricing .plan')
      .evaluateAll((plans) => plans.map((p) => p.getAttribute('data-code') ?? ''))
    const code = codes.find((c) => c && c !== 'STUDIO-STANDARD-MONTH-V3.1')!
    expect(code).toBeTruthy()
    const card = landing.locator(`#pricing .plan[data-code="${code}"] h3`)
    const before = (await card.textContent())!.trim()

    const email = await signUp(page, 'Người Sửa Danh Mục')
    await grantRole(email, 'loa-api')
    await page.goto('/en/admin/catalogue')
    const packages = page.getByTestId('catalogue-packages')
    await packages.getByRole('button', { name: `${en('catalogue.edit')} ${code}` }).click()
    const form = page.getByTestId(`cf-packages-${code}-form`)
    const enName = form.getByRole('textbox', { name: en('catalogue.fields.enName'), exact: true })
    await expect(enName).toHaveValue(before)

    // Checked before sending: a price with decimals is refused at its field, nothing is saved.
    const price = form.getByRole('textbox', { name: en('catalogue.fields.price'), exact: true })
    const oldPrice = await price.inputValue()
    await price.fill('99.5')
    await form.getByRole('button', { name: en('save') }).click()
    await expect(form.getByText(en('catalogue.invalid.integer'))).toBeVisible()
    await expect(price).toHaveAttribute('aria-invalid', 'true')
    await price.fill(oldPrice)

    // Usable at 360 px: the form folds to one column.
    await page.setViewportSize({ width: 360, height: 800 })
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
      .toBeLessThanOrEqual(360)

    const renamed = `Plan renamed in e2e ${Date.now().toString(36)}`
    await enName.fill(renamed)
    await form.getByRole('button', { name: en('save') }).click()
    await expect(page.getByText(en('saved'))).toBeVisible()
    await expect(form).toHaveCount(0)

    // The landing keeps catalogue reads 30 s (landing-cache): the new name shows within that.
    const shown = async (path: string) => {
      await landing.goto(path)
      return (await card.textContent())?.trim()
    }
    await expect.poll(() => shown('/en'), { timeout: 60_000, intervals: [3_000] }).toBe(renamed)
    // The Vietnamese landing keeps the Vietnamese name.
    await landing.goto('/')
    await expect(landing.locator(`#pricing .plan[data-code="${code}"] h3`)).not.toHaveText(renamed)

    // Put the name back (other specs read the English landing), and the audit log has both edits.
    await packages.getByRole('button', { name: `${en('catalogue.edit')} ${code}` }).click()
    await form.getByRole('textbox', { name: en('catalogue.fields.enName'), exact: true }).fill(before)
    await form.getByRole('button', { name: en('save') }).click()
    await expect(form).toHaveCount(0)
    await expect.poll(() => shown('/en'), { timeout: 60_000, intervals: [3_000] }).toBe(before)
    await guest.close()

    await page.goto('/en/admin/audit')
    await expect(
      page
        .getByTestId('admin-audit')
        .getByRole('row')
        .filter({ hasText: 'package.update' })
        .filter({ hasText: code }),
    ).toHaveCount(2)
  })

  test("regenerate a voice's sample: a new sample plays in the list, with its credit and licence", async ({
    page,
  }) => {
    test.setTimeout(120_000)
    const email = await signUp(page, 'Người Tạo Mẫu Giọng')
    await grantRole(email, 'loa-api')
    await page.goto('/admin/catalogue')
    const row = page
      .getByTestId('catalogue-voices')
      .getByRole('row')
      .filter({ hasText: 'hn_female_thuha_news' })
    await expect(row).toContainText('eSpeak NG')
    const audio = row.getByTestId('voice-sample')
    const before = await audio.getAttribute('src')
    await row.getByRole('button', { name: am('catalogue.regenerate') }).click()
    await expect(page.getByText(am('catalogue.sampleDone'))).toBeVisible({ timeout: 60_000 })
    await expect(audio).not.toHaveAttribute('src', before ?? '')
    const src = (await audio.getAttribute('src'))!
    const response = await page.request.get(src)
    expect(response.status()).toBe(200)
    expect(response.headers()['content-type']).toBe('audio/mpeg')
    expect((await response.body()).length).toBeGreaterThan(2_000)
    // Playable: the browser reads its duration.
    const duration = await audio.evaluate(
      (a: HTMLAudioElement) =>
        new Promise<number>((resolve) => {
          a.addEventListener('loadedmetadata', () => resolve(a.duration), { once: true })
          a.addEventListener('error', () => resolve(-1), { once: true })
          setTimeout(() => resolve(-2), 15_000)
          a.preload = 'auto'
          a.load()
        }),
    )
    expect(duration).toBeGreaterThan(0.3)
  })
})

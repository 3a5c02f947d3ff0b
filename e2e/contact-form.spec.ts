import { expect, test } from '@playwright/test'
import { E2E } from './support/env.ts'
import { msg } from './support/messages.ts'

test.describe('contact form', () => {
  test('validation errors are shown next to each field and nothing is sent', async ({ page }) => {
    let sent = 0
    page.on('request', (r) => {
      if (r.url().startsWith(`${E2E.apiUrl}/api/v1/contacts`)) sent += 1
    })
    await page.goto('/')
    const form = page.locator('#contact form')
    await form.getByRole('button', { name: msg('vi', 'contact.submit') }).click()
    for (const [field, key] of [
      ['name', 'nameRequired'],
      ['email', 'emailInvalid'],
      ['phoneNumber', 'phoneInvalid'],
      ['purpose', 'purposeRequired'],
      ['content', 'contentRequired'],
    ]) {
      await expect(form.locator(`.field-error[data-field="${field}"]`)).toHaveText(
        msg('vi', `contact.errors.${key}`),
      )
      await expect(form.locator(`[name="${field}"]`)).toHaveAttribute('aria-invalid', 'true')
    }
    await expect(form.getByLabel(msg('vi', 'contact.name'))).toBeFocused()

    await form.getByLabel(msg('vi', 'contact.name')).fill('Nguyễn Văn A')
    await form.getByLabel(msg('vi', 'contact.email')).fill('not-an-email')
    await form.getByLabel(msg('vi', 'contact.phoneNumber')).fill('12345')
    await form.getByRole('button', { name: msg('vi', 'contact.submit') }).click()
    await expect(form.locator('.field-error[data-field="name"]')).toHaveCount(0)
    await expect(form.locator('.field-error[data-field="email"]')).toHaveText(
      msg('vi', 'contact.errors.emailInvalid'),
    )
    await expect(form.locator('.field-error[data-field="phoneNumber"]')).toHaveText(
      msg('vi', 'contact.errors.phoneInvalid'),
    )
    expect(sent).toBe(0)
  })

  test('a valid form is sent to the API and confirmed', async ({ page }) => {
    await page.goto('/en')
    const form = page.locator('#contact form')
    await form.getByLabel(msg('en', 'contact.name')).fill('Trần Thị B')
    await form.getByLabel(msg('en', 'contact.email')).fill('tran.b@example.vn')
    await form.getByLabel(msg('en', 'contact.phoneNumber')).fill('0912 345 678')
    await form.getByLabel(msg('en', 'contact.purpose')).selectOption('API')
    await form
      .getByLabel(msg('en', 'contact.content'))
      .fill('Tôi muốn tích hợp API đọc tin tức cho ứng dụng.')
    const [request] = await Promise.all([
      page.waitForRequest((r) => r.url() === `${E2E.apiUrl}/api/v1/contacts` && r.method() === 'POST'),
      form.getByRole('button', { name: msg('en', 'contact.submit') }).click(),
    ])
    expect(request.postDataJSON()).toEqual({
      name: 'Trần Thị B',
      email: 'tran.b@example.vn',
      phone_number: '0912345678',
      purpose: 'API',
      content: 'Tôi muốn tích hợp API đọc tin tức cho ứng dụng.',
    })
    expect((await (await request.response())!.json()).status).toBe(1)
    await expect(form.getByRole('status')).toHaveText(msg('en', 'contact.success'))
    await expect(page.locator('.toaster').getByText(msg('en', 'contact.success'))).toBeVisible()
    await expect(form.getByLabel(msg('en', 'contact.name'))).toHaveValue('')
  })
})

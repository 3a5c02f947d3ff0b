import { expect, test } from '@playwright/test'
import { E2E } from './support/env.ts'
import { msg } from './support/messages.ts'

test('support ticket with an attachment uploaded through the presigned URL', async ({ page }) => {
  await page.goto('/support')
  const form = page.locator('form.support-form')
  await form.getByRole('button', { name: msg('vi', 'support.submit') }).click()
  await expect(form.getByRole('alert')).toHaveText(msg('vi', 'support.required'))

  await form.getByLabel(msg('vi', 'support.name')).fill('Phạm Thị C')
  await form.getByLabel(msg('vi', 'support.email')).fill('pham.c@example.vn')
  await form.getByLabel(msg('vi', 'support.category')).selectOption('SUGGEST_FEATURE')
  await form.getByLabel(msg('vi', 'support.titleField')).fill('Thêm giọng miền Tây')
  await form.getByLabel(msg('vi', 'support.content')).fill('Mong Loa có thêm giọng đọc miền Tây Nam Bộ.')
  await form.getByLabel(msg('vi', 'support.attachment')).setInputFiles({
    name: 'goi-y.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('Giọng miền Tây, tốc độ chậm.'),
  })
  const presign = page.waitForRequest((r) =>
    r.url().startsWith(`${E2E.apiUrl}/api/v1/support-tickets/presigned-url-for-uploading`),
  )
  const upload = page.waitForRequest((r) => r.method() === 'PUT')
  const create = page.waitForRequest(
    (r) => r.url() === `${E2E.apiUrl}/api/v1/support-tickets` && r.method() === 'POST',
  )
  await form.getByRole('button', { name: msg('vi', 'support.submit') }).click()
  const presigned = await presign
  expect(new URL(presigned.url()).searchParams.get('extension')).toBe('txt')
  expect(new URL(presigned.url()).searchParams.get('file_name')).toBe('goi-y.txt')
  const put = await upload
  expect((await put.response())!.status()).toBe(200)
  const created = await create
  const ticket = (await (await created.response())!.json()).result
  expect(created.postDataJSON()).toMatchObject({
    email: 'pham.c@example.vn',
    category: 'SUGGEST_FEATURE',
    subject: 'Thêm giọng miền Tây',
  })
  expect(created.postDataJSON().attachments).toHaveLength(1)
  // The customer is shown the ticket's short code (LOA-…), the one support staff search by.
  expect(ticket.code).toMatch(/^LOA-[0-9A-F]{8}$/)
  await expect(form.getByRole('status')).toHaveText(msg('vi', 'support.success', { id: String(ticket.code) }))
  // The stored attachment is the uploaded file.
  const download = await page.request.get(ticket.attachments[0].url)
  expect(await download.text()).toBe('Giọng miền Tây, tốc độ chậm.')
})

import { expect, test } from '@playwright/test'
import { am, grantRole } from './support/admin.ts'
import { E2E } from './support/env.ts'
import { signUp } from './support/studio.ts'

test('a contact message gets a mail reply and moves New → In progress → Done in /admin/support, filterable by status', async ({
  page,
}) => {
  test.setTimeout(120_000)
  const email = `lien-he-${Date.now().toString(36)}@example.vn`
  // What the landing's contact form sends (its own spec covers the form).
  const sent = await fetch(`${E2E.apiUrl}/api/v1/contacts`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      name: 'Khách Liên Hệ',
      email,
      phone_number: '0912345678',
      purpose: 'Hợp tác',
      content: 'Xin gọi lại cho tôi.',
    }),
  })
  expect(sent.status).toBe(200)

  const operator = await signUp(page, 'Người Hỗ Trợ')
  await grantRole(operator, 'loa-api')
  await page.goto('/admin/support')
  const contacts = page.getByTestId('admin-contacts')
  const row = contacts.getByRole('row').filter({ hasText: email })
  // The list opens on new messages.
  await expect(row).toHaveCount(1)
  const status = row.getByLabel(`${am('users.status')} ${email}`)
  await expect(status).toHaveValue('NEW')

  // A mail reply is queued once, the form empties for the next one.
  const reply = row.getByLabel(`${am('support.reply')} ${email}`)
  await reply.fill('Chào anh/chị, chúng tôi sẽ gọi lại trong hôm nay.')
  await row.getByRole('button', { name: am('support.send') }).click()
  await expect(page.getByText(am('support.replied', { to: email }))).toBeVisible()
  await expect(reply).toHaveValue('')

  await status.selectOption('IN_PROGRESS')
  await expect(page.getByText(am('saved')).first()).toBeVisible()
  // Filtered on New, it leaves the list; on In progress it is there.
  await expect(row).toHaveCount(0)
  const filter = page.getByLabel(am('support.contactFilter'))
  await filter.selectOption('IN_PROGRESS')
  await expect(row).toHaveCount(1)
  await row.getByLabel(`${am('users.status')} ${email}`).selectOption('DONE')
  await expect(row).toHaveCount(0)
  await filter.selectOption('DONE')
  await expect(row.getByLabel(`${am('users.status')} ${email}`)).toHaveValue('DONE')

  await page.goto('/admin/audit')
  await expect(
    page.getByTestId('admin-audit').getByRole('row').filter({ hasText: 'contact.status' }),
  ).toHaveCount(2)
})

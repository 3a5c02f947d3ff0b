import { expect, test } from '@playwright/test'
import { grantRole } from './support/admin.ts'
import { shellReady } from './support/page.ts'
import { rawControls } from './support/raw-controls.ts'
import { signUp } from './support/studio.ts'

/**
 * Issue 35: no raw browser control (grey default button, "Choose File · No file chosen") is visible on the pages
 * migrated to the design system. The studio's editor and the dubbing editor are being rebuilt (their owners
 * migrate them) and the back office's Voices screen is another engineer's: those routes are not walked yet.
 */
const PUBLIC = ['/', '/en', '/services', '/support', '/en/support', '/terms', '/privacy', '/docs', '/demo']
const SIGNED_IN = [
  '/studio/account',
  '/studio/payments',
  '/en/studio/payments',
  '/studio/call-prompts',
  '/console/apps',
]
const ADMIN = [
  '/admin',
  '/admin/users',
  '/admin/orders',
  '/admin/banners',
  '/admin/catalogue',
  '/admin/flags',
  '/admin/jobs',
  '/admin/audit',
  '/admin/support',
]

test('the detector sees a raw button and a bare file input (so a clean walk means something)', async ({
  page,
}) => {
  await page.goto('/support')
  await shellReady(page)
  expect(await rawControls(page)).toEqual([])
  await page.evaluate(() => {
    const button = document.createElement('button')
    button.textContent = 'Nghe thử'
    const file = document.createElement('input')
    file.type = 'file'
    document.querySelector('main')!.prepend(button, file)
  })
  const found = await rawControls(page)
  expect(found).toHaveLength(2)
  expect(found[0]).toContain('Nghe thử')
  expect(found[1]).toContain('input')
})

test('no raw browser control on the site, the signed-in pages and the back office (1366 and 360 px)', async ({
  page,
}) => {
  test.setTimeout(300_000)
  const walk = async (routes: string[]) => {
    for (const route of routes) {
      await page.goto(route)
      await shellReady(page)
      // signed-in pages fill in after their first requests: wait until nothing is loading
      await page.waitForLoadState('networkidle')
      expect(await rawControls(page), route).toEqual([])
    }
  }
  await page.setViewportSize({ width: 1366, height: 900 })
  await walk(PUBLIC)
  const email = await signUp(page, 'Người Kiểm Giao Diện')
  await walk(SIGNED_IN)
  await grantRole(email, 'loa-api')
  await walk(ADMIN)
  await page.setViewportSize({ width: 360, height: 780 })
  await walk(['/', '/support', '/studio/payments', '/studio/call-prompts', '/console/apps', '/admin'])
})

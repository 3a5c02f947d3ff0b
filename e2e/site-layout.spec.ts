import { expect, test, type Page } from '@playwright/test'
import { E2E } from './support/env.ts'
import { msg } from './support/messages.ts'
import { shellReady } from './support/page.ts'
import { am } from './support/admin.ts'
import { signUp, sm } from './support/studio.ts'

/** Pages anyone can open, in both languages, and the signed-in ones (checked after signing up). */
const PUBLIC_ROUTES = ['/', '/services', '/support', '/demo', '/terms', '/privacy', '/no-such-page']
const SIGNED_IN_ROUTES = [
  '/studio',
  '/studio/text-to-speech',
  '/studio/dubbing',
  '/studio/payments',
  '/console/apps',
]
const localized = (routes: string[]) => routes.flatMap((r) => [r, r === '/' ? '/en' : `/en${r}`])

const popup = (page: Page) => page.locator('[data-testid="popup-banner"]')

/** How far the page scrolls sideways (0 when nothing sticks out). */
const sidewaysOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)

const settle = async (page: Page, path: string) => {
  await page.goto(path)
  await shellReady(page)
  await page.waitForLoadState('networkidle')
}

test.describe('popup banner scope', () => {
  test('shown once per visitor per banner: closed, it stays closed after a reload', async ({ page }) => {
    await page.goto('/')
    await expect(popup(page)).toBeVisible({ timeout: 15_000 })
    await popup(page)
      .getByRole('button', { name: msg('vi', 'popup.close') })
      .click()
    await expect(popup(page)).toHaveCount(0)

    await page.reload()
    await shellReady(page)
    // Longer than the 3 s the popup waits after its image.
    await page.waitForTimeout(5_000)
    await expect(popup(page)).toHaveCount(0)
    await page.goto('/en')
    await shellReady(page)
    await page.waitForTimeout(5_000)
    await expect(popup(page)).toHaveCount(0)
  })

  // The other public pages show it too (the popup rule in docs/decisions.md; popup-banner.spec.ts checks them).
  test('never on a page the visitor works in', async ({ page }) => {
    let bannerCalls = 0
    page.on('request', (r) => {
      if (r.url().includes('/api/v1/banners/active')) bannerCalls += 1
    })
    // Signing up starts on the landing page (which may ask for the banner): count from the studio on.
    await signUp(page, 'Người Làm Việc')
    bannerCalls = 0
    await page.waitForTimeout(5_000)
    for (const path of ['/studio', '/studio/payments', '/console/apps']) await settle(page, path)
    await page.waitForTimeout(4_000)
    await expect(popup(page)).toHaveCount(0)
    expect(bannerCalls).toBe(0)
  })
})

test.describe('phones and desktops', () => {
  test('no page scrolls sideways at 360 px, signed out or in', async ({ page }) => {
    test.setTimeout(240_000)
    await page.setViewportSize({ width: 360, height: 780 })
    const wide: string[] = []
    for (const path of localized(PUBLIC_ROUTES)) {
      await settle(page, path)
      if ((await sidewaysOverflow(page)) > 0) wide.push(path)
    }
    await page.setViewportSize({ width: 1280, height: 800 })
    await signUp(page, 'Người Dùng Điện Thoại')
    await page.setViewportSize({ width: 360, height: 780 })
    for (const path of localized(SIGNED_IN_ROUTES)) {
      await settle(page, path)
      await expect(page.getByTestId('signed-in-as')).toHaveCount(1)
      if ((await sidewaysOverflow(page)) > 0) wide.push(path)
    }
    expect(wide).toEqual([])
  })

  test('phone header: one short row with a menu button that opens the navigation as a drawer', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 })
    await settle(page, '/')
    const header = page.locator('header.site-header')
    expect((await header.boundingBox())!.height).toBeLessThanOrEqual(72)
    const nav = header.getByRole('navigation', { name: msg('vi', 'nav.main') })
    await expect(nav).toBeHidden()
    const menu = header.getByRole('button', { name: msg('vi', 'nav.menuOpen') })
    await menu.click()
    await expect(nav).toBeVisible()
    await expect(nav.getByRole('link', { name: msg('vi', 'nav.support') })).toBeInViewport()
    // A section link closes the drawer and goes there.
    await nav.getByRole('link', { name: msg('vi', 'nav.pricing') }).click()
    await expect(nav).toBeHidden()
    await expect(page.locator('#pricing h2')).toBeInViewport()
    await menu.click()
    await page.keyboard.press('Escape')
    await expect(nav).toBeHidden()
  })

  test('studio on a phone: compact tabs, the page title right below them', async ({ page }) => {
    await signUp(page, 'Người Dùng Tab')
    await page.setViewportSize({ width: 360, height: 780 })
    await settle(page, '/studio/text-to-speech')
    const tabs = page.getByRole('navigation', { name: msg('vi', 'shell.studioNav') })
    const current = tabs.locator('a[aria-current="page"]')
    await expect(current).toHaveAccessibleName(msg('vi', 'shell.tabs.textToSpeech'))
    expect((await current.boundingBox())!.height).toBeLessThanOrEqual(48)
    // Header and tabs take one short band: the page itself starts right below.
    expect((await page.locator('main#main').boundingBox())!.y).toBeLessThan(130)
  })

  test('desktop 1366 px: the Vietnamese header on one line; pricing buttons inside their cards', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1366, height: 900 })
    await settle(page, '/')
    const links = page.locator('header .main-nav a')
    const tops = new Set<number>()
    for (const box of await links.evaluateAll((all) => all.map((a) => a.getBoundingClientRect().top)))
      tops.add(Math.round(box))
    expect(tops.size).toBe(1)
    expect((await page.locator('header.site-header').boundingBox())!.height).toBeLessThanOrEqual(72)
    const outside = await page.locator('#pricing .plan').evaluateAll(
      (plans) =>
        plans.filter((plan) => {
          const card = plan.getBoundingClientRect()
          return [...plan.querySelectorAll('a, button')].some((b) => {
            const r = b.getBoundingClientRect()
            return r.left < card.left - 0.5 || r.right > card.right + 0.5
          })
        }).length,
    )
    expect(outside).toBe(0)
  })
})

test.describe('404', () => {
  for (const locale of ['vi', 'en'] as const) {
    test(`the server's own HTML of an unknown ${locale} address is the localized 404 in the shell`, async ({
      request,
    }) => {
      const prefix = locale === 'en' ? '/en' : ''
      for (const address of [
        `${prefix}/khong-co-trang-nay`,
        `${prefix}/studio/khong-co`,
        `${prefix}/not-found-page`,
      ]) {
        const response = await request.get(address)
        expect(response.status(), address).toBe(404)
        const html = await response.text()
        // What a crawler, a screen reader or a phone without scripts gets: no empty error document.
        expect(html, address).not.toContain('__next_error__')
        expect(html).toContain(`<html lang="${locale}"`)
        expect(html).toContain(`<title>${msg(locale, 'meta.notFoundTitle')}</title>`)
        expect(html).toContain(msg(locale, 'site.notFound.title'))
        expect(html).toContain('class="site-header')
      }
      // The pages that exist still answer as themselves.
      expect((await request.get(`${prefix}/terms`)).status()).toBe(200)
    })

    test(`an unknown address gives a ${locale} 404 in the site shell`, async ({ page }) => {
      const response = await page.goto(locale === 'en' ? '/en/no-such-page' : '/no-such-page')
      expect(response!.status()).toBe(404)
      await expect(page.locator('html')).toHaveAttribute('lang', locale)
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(msg(locale, 'site.notFound.title'))
      await expect(page).toHaveTitle(msg(locale, 'meta.notFoundTitle'))
      await expect(page.locator('header.site-header')).toBeVisible()
      await expect(page.locator('footer.site-footer')).toBeVisible()
      await page.getByRole('link', { name: msg(locale, 'site.notFound.home') }).click()
      await expect(page).toHaveURL(`${E2E.webUrl}${locale === 'en' ? '/en' : '/'}`)
    })
  }
})

test.describe('landing stability', () => {
  test('the landing HTML carries the site’s client strings, not the studio’s, console’s or back-office’s', async ({
    page,
  }) => {
    const html = await (await page.request.get('/')).text()
    expect(html).toContain(msg('vi', 'popup.close'))
    expect(html).toContain(sm('payments.voucherBanner.close'))
    expect(html).not.toContain(am('banners.create'))
    expect(html).not.toContain(sm('studio.editor.placeholder'))
    // The signed-in areas add theirs: the studio still speaks its own words.
    await signUp(page, 'Người Xem Chuỗi')
    await expect(page.getByPlaceholder(sm('studio.editor.placeholder'))).toBeVisible()
    // …in the page's language (the layouts pass their own locale).
    await page.goto('/en/studio/text-to-speech')
    await expect(page.getByPlaceholder(sm('studio.editor.placeholder', {}, 'en'))).toBeVisible()
    await page.goto('/en/console/apps')
    await expect(page.getByText(sm('console.intro', {}, 'en'))).toBeVisible()
  })

  for (const [path, offer] of [
    ['/', 'Giảm 10% mọi gói Studio'],
    ['/en', '10% off every Studio package'],
  ] as const) {
    test(`${path}: the voucher offer comes with the HTML in the page's language; nothing moves after load`, async ({
      page,
    }) => {
      // Layout shifts (as Lighthouse's CLS counts them) from the first paint on.
      await page.addInitScript(() => {
        const w = window as unknown as { __shift: number }
        w.__shift = 0
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & {
            value: number
            hadRecentInput: boolean
          })[])
            if (!entry.hadRecentInput) w.__shift += entry.value
        }).observe({ type: 'layout-shift', buffered: true })
      })
      const html = await (await page.request.get(path)).text()
      expect(html).toContain('data-testid="voucher-banner"')
      expect(html).toContain(offer)

      const answer = page.waitForResponse((r) => r.url().startsWith(`${E2E.apiUrl}/api/v1/vouchers/banner`))
      await page.goto(path)
      await shellReady(page)
      expect(new URL((await answer).url()).searchParams.get('locale')).toBe(path === '/' ? 'vi' : 'en')
      await expect(page.getByTestId('voucher-banner')).toContainText(offer)
      await page.waitForLoadState('networkidle')
      const shift = await page.evaluate(() => (window as unknown as { __shift: number }).__shift)
      expect(shift).toBeLessThan(0.01)
    })
  }
})

test.describe('landing pricing', () => {
  test('a plan’s button opens the payments page with that plan’s checkout, through the sign-up and when signed in', async ({
    page,
  }) => {
    await page.goto('/')
    await shellReady(page)
    await page.locator('#pricing .plan[data-code="STUDIO-STANDARD-MONTH-V3.1"] .plan-choose').click()
    await page.waitForURL((url) => url.origin === E2E.ssoUrl && url.pathname === '/authorize')
    await page.locator('input[name="name"]').fill('Người Chọn Gói')
    await page
      .locator('input[name="email"]')
      .fill(`plan.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.vn`)
    await page.locator('input[name="password"]').fill('Mat-khau-manh-2026')
    await page.locator('form button[type="submit"]').click()
    await page.waitForURL((url) => url.origin === E2E.webUrl && url.pathname === '/studio/payments')
    // 99.000 ₫ + 10% VAT: the standard monthly plan chosen on the landing.
    await expect(page.getByTestId('checkout').getByTestId('total')).toContainText('108.900')

    await page.goto('/')
    await shellReady(page)
    await page.locator('#pricing .plan[data-code="STUDIO-VIP-MONTH-V3.1"] .plan-choose').click()
    await page.waitForURL((url) => url.pathname === '/studio/payments')
    // 399.000 ₫ + 10% VAT
    await expect(page.getByTestId('checkout').getByTestId('total')).toContainText('438.900')
  })
})

import { expect, test, type Page } from '@playwright/test'
import { E2E } from './support/env.ts'
import { catalogue, msg } from './support/messages.ts'
import { servedFlag, setFlagDefault, setFlagRules } from './support/flags.ts'
import { shellReady } from './support/page.ts'
import { signUp } from './support/studio.ts'

const toggle = (page: Page) => page.locator('button.care-toggle')
const chatRoot = (page: Page) => page.locator('#chat-root')

const expectFlagServed = async (value: boolean) =>
  expect
    .poll(async () => (await servedFlag('chatbot')) as { defaultValue?: boolean })
    .toMatchObject({ defaultValue: value })

test.describe('customer-care widget', () => {
  test.afterEach(async () => {
    await setFlagRules('chatbot', [])
    await setFlagDefault('chatbot', false)
  })

  test('flag off: the round toggle shows and hides #chat-root with feedback, phone and chat buttons', async ({
    page,
    context,
  }) => {
    await expectFlagServed(false)
    await page.goto('/')
    await expect(toggle(page)).toHaveAccessibleName(msg('vi', 'widget.open'))
    await expect(chatRoot(page)).toBeHidden()
    await toggle(page).click()
    await expect(toggle(page)).toHaveAttribute('aria-expanded', 'true')
    await expect(toggle(page)).toHaveAccessibleName(msg('vi', 'widget.close'))
    await expect(chatRoot(page)).toBeVisible()
    await expect(chatRoot(page)).toHaveAttribute('data-chatbot', 'false')
    const feedback = chatRoot(page).getByRole('link', { name: msg('vi', 'widget.feedback') })
    const phone = chatRoot(page).getByRole('link', {
      name: msg('vi', 'widget.call', { phone: E2E.supportPhone }),
    })
    const chat = chatRoot(page).getByRole('link', { name: msg('vi', 'widget.chat') })
    await expect(phone).toHaveAttribute('href', `tel:${E2E.supportPhone.replace(/\s/g, '')}`)
    await expect(chat).toHaveAttribute('href', E2E.chatLink)
    await expect(chat).toHaveAttribute('target', '_blank')
    await expect(chatRoot(page).locator('iframe')).toHaveCount(0)

    // Feedback / suggest opens /support in a new window.
    const [popup] = await Promise.all([context.waitForEvent('page'), feedback.click()])
    await popup.waitForLoadState('domcontentloaded')
    expect(new URL(popup.url()).pathname).toBe('/support')
    await expect(popup.getByRole('heading', { level: 1 })).toHaveText(msg('vi', 'support.title'))
    await popup.close()

    await toggle(page).click()
    await expect(chatRoot(page)).toBeHidden()
    await expect(toggle(page)).toHaveAttribute('aria-expanded', 'false')
  })

  test('flag on: the widget embeds the support chat frame, in English too', async ({ page }) => {
    await setFlagDefault('chatbot', true)
    await expectFlagServed(true)
    await page.goto('/en')
    await toggle(page).click()
    const frame = chatRoot(page).locator('iframe')
    await expect(frame).toBeVisible()
    await expect(frame).toHaveAttribute('title', msg('en', 'widget.chatFrame'))
    await expect(frame).toHaveAttribute('src', `${E2E.webUrl}/en/support/chat`)
    await expect(chatRoot(page).locator('.care-actions')).toHaveCount(0)
    // The chat-sized support page, in the page's language, without the site's header, nor another widget.
    await expect(page.frameLocator('#chat-root iframe').getByRole('heading', { level: 1 })).toHaveText(
      msg('en', 'support.title'),
    )
    await expect(page.frameLocator('#chat-root iframe').locator('header.site-header')).toHaveCount(0)
    const sideways = await page
      .frameLocator('#chat-root iframe')
      .locator('html')
      .evaluate((html) => html.scrollWidth - html.clientWidth)
    expect(sideways).toBe(0)
    await expect(page.frameLocator('#chat-root iframe').locator('button.care-toggle')).toHaveCount(0)
  })

  test('a flag change reaches an open page live (SSE), without reload', async ({ page }) => {
    await page.goto('/')
    await toggle(page).click()
    await expect(chatRoot(page).locator('.care-actions')).toBeVisible()
    await setFlagDefault('chatbot', true)
    await expect(chatRoot(page).locator('iframe')).toBeVisible({ timeout: 15_000 })
    await setFlagDefault('chatbot', false)
    await expect(chatRoot(page).locator('.care-actions')).toBeVisible({ timeout: 15_000 })
  })

  test('the chatbot flag is evaluated with the visitor IP taken from the request headers', async ({
    browser,
  }) => {
    await setFlagRules('chatbot', [{ id: 'e2e-ip', condition: { ip: '198.51.100.23' }, force: true }])
    const targeted = await browser.newContext({
      extraHTTPHeaders: { 'x-forwarded-for': '198.51.100.23:51234, 10.0.0.1' },
    })
    const other = await browser.newContext({ extraHTTPHeaders: { 'x-forwarded-for': '203.0.113.9' } })
    try {
      const a = await targeted.newPage()
      await a.goto(E2E.webUrl)
      await a.locator('button.care-toggle').click()
      await expect(a.locator('#chat-root iframe')).toBeVisible()
      const b = await other.newPage()
      await b.goto(E2E.webUrl)
      await b.locator('button.care-toggle').click()
      await expect(b.locator('#chat-root .care-actions')).toBeVisible()
    } finally {
      await targeted.close()
      await other.close()
    }
  })

  test('every page has the widget except /demo', async ({ page }) => {
    for (const path of ['/', '/en', '/support', '/services', '/en/services']) {
      await page.goto(path)
      await expect(toggle(page), path).toBeVisible()
    }
    for (const path of ['/demo', '/en/demo']) {
      await page.goto(path)
      await shellReady(page)
      await page.waitForLoadState('networkidle')
      await expect(toggle(page), path).toHaveCount(0)
      await expect(chatRoot(page), path).toHaveCount(0)
    }
  })
})

test.describe('the widget and the checkout (issue 32)', () => {
  const overlaps = (
    a: { x: number; y: number; width: number; height: number },
    b: { x: number; y: number; width: number; height: number },
  ) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height

  test('at 360 px the widget never covers the checkout prices nor its pay button', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 })
    await signUp(page, 'Người Mua Trên Điện Thoại')
    await page.goto('/studio/payments')
    await expect(toggle(page)).toBeVisible({ timeout: 15_000 })
    await page.getByTestId('buy-STUDIO-STANDARD-MONTH-V3.1').click()
    const panel = page.getByTestId('checkout')
    await expect(panel.getByTestId('total')).toBeVisible()
    for (const target of [panel.getByTestId('total'), panel.getByTestId('pay')]) {
      // The worst place: the price or the button scrolled to where the widget sits (20 px + half its 56 px up).
      // Twice: the first jump may move the page's lazy parts, which shifts the target a little.
      for (let pass = 0; pass < 2; pass += 1)
        await target.evaluate((el) => {
          const rect = el.getBoundingClientRect()
          window.scrollBy({
            top: rect.top + rect.height / 2 - (window.innerHeight - 48),
            behavior: 'instant',
          })
        })
      const box = await target.boundingBox()
      expect(box).not.toBeNull()
      const widget = await toggle(page).boundingBox()
      if (widget) expect(overlaps(box!, widget)).toBe(false)
    }
    await panel.getByRole('button', { name: catalogue('checkout')('checkout.close') }).click()
    await expect(panel).toHaveCount(0)
    await expect(toggle(page)).toBeVisible()
  })
})

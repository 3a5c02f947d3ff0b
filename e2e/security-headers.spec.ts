import { expect, test, type Page } from '@playwright/test'
import { E2E } from './support/env.ts'
import { setFlagDefault } from './support/flags.ts'
import { shellReady } from './support/page.ts'
import { signUp } from './support/studio.ts'

/**
 * Issue 13: every page is served with a Content-Security-Policy it really passes (a violation report anywhere
 * fails the test), frame-ancestors 'self', nosniff and a strict referrer policy; the care widget's chat frame
 * (same origin) still loads, and another origin cannot frame the console.
 */
const PUBLIC_PAGES = ['/', '/en', '/services', '/en/services', '/support', '/en/support', '/demo', '/privacy']
const SIGNED_IN_PAGES = ['/studio/text-to-speech', '/studio/payments', '/console/apps', '/en/console/apps']

/** Records every CSP violation of the page and its frames, and the console's CSP errors. */
const watchViolations = async (page: Page): Promise<string[]> => {
  const violations: string[] = []
  await page.exposeFunction('__cspViolation', (v: string) => violations.push(v))
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      const report = (window as unknown as { __cspViolation?: (v: string) => void }).__cspViolation
      void report?.(`${e.violatedDirective} blocked ${e.blockedURI} on ${location.pathname}`)
    })
  })
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) violations.push(m.text())
  })
  return violations
}

const expectHeaders = (headers: Record<string, string>, path: string) => {
  const csp = headers['content-security-policy'] ?? ''
  expect(csp, path).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+'/)
  expect(csp, path).toContain("frame-ancestors 'self'")
  expect(csp, path).not.toContain("'unsafe-eval'")
  expect(headers['x-content-type-options'], path).toBe('nosniff')
  expect(headers['x-frame-options'], path).toBe('SAMEORIGIN')
  expect(headers['referrer-policy'], path).toBe('strict-origin-when-cross-origin')
}

const visit = async (page: Page, path: string) => {
  const response = await page.goto(path)
  expect(response?.status(), path).toBe(200)
  expectHeaders(response!.headers(), path)
  await shellReady(page)
  // Client effects (flags stream, analytics, One Tap) run after hydration: give them a moment.
  await page.waitForTimeout(500)
}

test.describe('security headers and CSP', () => {
  test('public pages pass their CSP', async ({ page }) => {
    const violations = await watchViolations(page)
    for (const path of PUBLIC_PAGES) await visit(page, path)
    expect(violations).toEqual([])
  })

  test('the studio and the console pass their CSP when signed in', async ({ page }) => {
    const violations = await watchViolations(page)
    await signUp(page, 'Người kiểm tra CSP')
    for (const path of SIGNED_IN_PAGES) await visit(page, path)
    expect(violations).toEqual([])
  })

  test('the care widget still embeds the support chat frame', async ({ page }) => {
    const violations = await watchViolations(page)
    await setFlagDefault('chatbot', true)
    try {
      await visit(page, '/')
      await page.locator('button.care-toggle').click()
      const frame = page.frameLocator('#chat-root iframe')
      await expect(frame.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 15_000 })
      expect(violations).toEqual([])
    } finally {
      await setFlagDefault('chatbot', false)
    }
  })

  test('the watcher sees a violation (an inline script without the nonce)', async ({ page }) => {
    const violations = await watchViolations(page)
    await visit(page, '/')
    await page.evaluate(() => {
      const script = document.createElement('script')
      script.textContent = 'window.__injected = true'
      document.body.appendChild(script)
    })
    await expect.poll(() => violations.length).toBeGreaterThan(0)
    expect(await page.evaluate(() => (window as { __injected?: boolean }).__injected)).toBeUndefined()
  })

  test('another origin cannot frame the console', async ({ page }) => {
    await page.goto(`${E2E.apiUrl}/healthz`)
    await page.setContent(`<iframe id="f" src="${E2E.webUrl}/console/apps"></iframe>`)
    await page.waitForTimeout(2_000)
    const framed = page.frames().find((f) => f.url().startsWith(E2E.webUrl))
    const rendered = framed ? await framed.locator('body *').count() : 0
    expect(rendered).toBe(0)
  })
})

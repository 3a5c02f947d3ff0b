/** Buying a package through the embedded payments sandbox, with each method, and seeing the balance rise. */
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { expect, test, type Page } from '@playwright/test'
import { E2E } from './support/env.ts'
import { setFlagDefault } from './support/flags.ts'
import { signUp } from './support/studio.ts'

const here = path.dirname(fileURLToPath(import.meta.url))
const checkout = JSON.parse(
  readFileSync(path.join(here, '..', 'apps', 'web', 'messages', 'checkout', 'vi.json'), 'utf8'),
).checkout as Record<string, string> & { methodName: Record<string, string> }
const PACKAGE = 'STUDIO-STANDARD-MONTH-V3.1'

const studioBalance = async (page: Page) => {
  const text = (await page.getByTestId('balance-aivoice-value').textContent()) ?? ''
  return Number(text.replace(/\D/g, ''))
}

const openCheckout = async (page: Page) => {
  await page.goto('/studio/payments')
  await expect(page.getByTestId('balance-aivoice-value')).toBeVisible()
  const before = await studioBalance(page)
  await page.getByTestId(`buy-${PACKAGE}`).click()
  const panel = page.getByTestId('checkout')
  // 99.000 đ + 10% VAT
  await expect(panel.getByTestId('total')).toContainText('108.900')
  await expect(panel.getByTestId('plan-change')).toBeVisible()
  return { before, panel }
}

test.describe('payments sandbox', () => {
  // One flag test turns a checkout rule on for everybody: the journeys run one after the other.
  test.describe.configure({ mode: 'serial' })

  test('VietQR: the QR and account to copy, the simulated transfer turns the order green and adds credits; the orders filter by status (7.33)', async ({
    page,
  }) => {
    await signUp(page, 'Người mua VietQR')
    await page.setViewportSize({ width: 360, height: 800 })
    const { before, panel } = await openCheckout(page)
    await panel.getByTestId('pay').click()
    const order = page.getByTestId('order-view')
    await expect(order).toHaveAttribute('data-status', 'PENDING')
    await expect(order.getByTestId('sandbox-banner')).toHaveText(checkout.sandbox!)
    await expect(order.getByTestId('vietqr')).toBeVisible()
    const memo = (await order.getByTestId('memo').textContent()) ?? ''
    expect(memo).toMatch(/^LOA[0-9A-Z]{8}$/)
    expect(await order.getByTestId('vietqr').getAttribute('data-payload')).toContain(memo)
    await order.getByTestId('simulate-transfer').click()
    await expect(order).toHaveAttribute('data-status', 'PAID', { timeout: 15_000 })
    await expect(order.getByTestId('order-paid')).toBeVisible()
    await expect(order.getByTestId('receipt')).toContainText(memo)
    await expect.poll(() => studioBalance(page)).toBe(before + 100_000)
    // Spec 7.33, order query: a second (pending) order, then the status filter shows only orders of that status.
    await page.getByTestId(`buy-${PACKAGE}`).click()
    await page.getByTestId('checkout').getByTestId('pay').click()
    await expect(order).toHaveAttribute('data-status', 'PENDING')
    const rows = page.getByTestId('order-row')
    await expect(rows).toHaveCount(2)
    for (const status of ['PENDING', 'PAID']) {
      await page.getByTestId('orders-status').selectOption(status)
      await expect(rows).toHaveCount(1)
      await expect(rows.first()).toHaveAttribute('data-status', status)
    }
    const width = await page.evaluate(() => document.documentElement.scrollWidth)
    expect(width).toBeLessThanOrEqual(360)
  })

  test('VNPay: the local sandbox page pays through the real IPN and returns to the order', async ({
    page,
  }) => {
    await signUp(page, 'Người mua VNPay')
    const { before, panel } = await openCheckout(page)
    await panel.getByLabel(checkout.methodName.VNPAY!).check()
    await panel.getByTestId('pay').click()
    await page.waitForURL(
      (url) => url.origin === E2E.apiUrl && url.pathname === '/api/v1/payments/sandbox/vnpay',
    )
    await expect(page.getByText('SANDBOX', { exact: false }).first()).toBeVisible()
    await page.getByRole('button', { name: 'Thanh toán thành công' }).click()
    await page.waitForURL((url) => url.origin === E2E.webUrl && url.searchParams.get('vnpay') === 'success')
    const order = page.getByTestId('order-view')
    await expect(order).toHaveAttribute('data-status', 'PAID')
    await expect.poll(() => studioBalance(page)).toBe(before + 100_000)
    await expect(page.getByTestId('order-row').first()).toHaveAttribute('data-status', 'PAID')
  })

  test('checkout lists the public vouchers and picking one applies its discount (spec 7.30, 7.32)', async ({
    page,
  }) => {
    await signUp(page, 'Người chọn mã')
    await page.setViewportSize({ width: 360, height: 800 })
    const { panel } = await openCheckout(page)
    const choice = panel.getByTestId('voucher-choice-LOA10')
    await expect(choice).toContainText('Giảm 10% mọi gói Studio')
    await choice.click()
    // 10% off 99.000 đ = 89.100 đ, + 10% VAT = 98.010 đ
    await expect(panel.getByTestId('discount')).toContainText('9.900')
    await expect(panel.getByTestId('total')).toContainText('98.010')
    await expect(choice).toHaveAttribute('aria-pressed', 'true')
    await expect(panel.getByLabel(checkout.voucher!, { exact: true })).toHaveValue('LOA10')
    const width = await page.evaluate(() => document.documentElement.scrollWidth)
    expect(width).toBeLessThanOrEqual(360)
  })

  test('the first-paid-user flag gives a first order its discount at checkout', async ({ page }) => {
    await signUp(page, 'Người mua lần đầu')
    await setFlagDefault('discount-for-first-paid-user', true)
    try {
      await page.goto('/studio/payments')
      await page.getByTestId(`buy-${PACKAGE}`).click()
      const panel = page.getByTestId('checkout')
      // 20% off 99.000 đ = 79.200 đ, + 10% VAT = 87.120 đ
      await expect(panel.getByTestId('discount')).toContainText('19.800')
      await expect(panel.getByTestId('total')).toContainText('87.120')
      await expect(panel).toContainText(checkout.discountFirst!)
    } finally {
      await setFlagDefault('discount-for-first-paid-user', false)
    }
  })
})

import { app as t } from '@loa/db'
import { parseEmvco, readTlv, vnpSignedQuery } from '@loa/payments'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runPaymentsSweep } from '../../payments/sweep.ts'
import { startTestApi, type TestApi } from '../../test/harness.ts'

let api: TestApi
beforeAll(async () => {
  api = await startTestApi({
    env: {
      PAYMENT_SWEEP_INTERVAL_MS: '0',
      PAYMENT_FLAGS_URL: 'http://127.0.0.1:9',
    },
  })
})
afterAll(() => api.close())

const STANDARD = 'STUDIO-STANDARD-MONTH-V3.1'

const buy = async (user: string, body: Record<string, unknown>) => {
  const res = await api.call({
    method: 'POST',
    url: '/api/v1/orders',
    token: await api.token(user),
    payload: { package_code: STANDARD, payment_method: 'VIETQR', ...body },
  })
  expect(res.statusCode, res.body).toBe(200)
  return res.json().result as {
    order: { code: string; total: number; status: string; credits: number }
    payment: { qr_payload?: string; memo?: string; pay_url?: string; sandbox: boolean }
  }
}

const transfer = (code: string, amount: number, id: number, key = api.config.payments.webhook.apiKey) =>
  api.call({
    method: 'POST',
    url: '/api/v1/payments/bank-webhook',
    headers: { authorization: `Apikey ${key}` },
    payload: {
      id,
      gateway: 'Vietcombank',
      transactionDate: '2026-11-23 14:02:37',
      accountNumber: api.config.payments.bank.accountNumber,
      code: null,
      content: `MBVCB.3278907687.${code}.CT tu 0123`,
      transferType: 'in',
      transferAmount: amount,
      accumulated: 0,
      subAccount: null,
      referenceCode: 'MBVCB.3278907687',
      description: '',
    },
  })

const orderOf = async (code: string) =>
  (await api.database.db.select().from(t.orders).where(eq(t.orders.code, code)))[0]!
const studioCredits = async (user: string) =>
  (await api.database.db.select().from(t.creditWallets).where(eq(t.creditWallets.userId, user))).find(
    (w) => w.product === 'aivoice',
  )?.balance ?? 0
const events = async (code: string) =>
  api.database.db.select().from(t.paymentEvents).where(eq(t.paymentEvents.orderCode, code))

describe('VietQR bank transfer', () => {
  it('creates a PENDING order whose QR carries the amount with VAT and the code as memo', async () => {
    const { order, payment } = await buy('u-qr', {})
    expect(order).toMatchObject({ status: 'PENDING', total: 108_900 })
    expect(order.code).toMatch(/^LOA[0-9A-Z]{8}$/)
    const fields = parseEmvco(payment.qr_payload!)
    expect(fields.get('54')).toBe('108900')
    expect(readTlv(fields.get('62')!).get('08')).toBe(order.code)
    expect(payment).toMatchObject({ memo: order.code, sandbox: true })
    const mine = await api.call({
      method: 'GET',
      url: `/api/v1/orders/${order.code}`,
      token: await api.token('u-qr'),
    })
    expect(mine.json().result).toMatchObject({
      code: order.code,
      status: 'PENDING',
      payment: { memo: order.code },
    })
    const theirs = await api.call({
      method: 'GET',
      url: `/api/v1/orders/${order.code}`,
      token: await api.token('u-other'),
    })
    expect(theirs.statusCode).toBe(404)
    expect(theirs.json().error_code).toBe('ORDER_NOT_FOUND')
  })

  it('pays on the exact transfer only, grants once, and ignores forged, mismatched and replayed notices', async () => {
    const { order } = await buy('u-pay', {})
    const before = await studioCredits('u-pay')
    const forged = await transfer(order.code, order.total, 1001, 'wrong-key')
    expect(forged.statusCode).toBe(401)
    const short = await transfer(order.code, order.total - 1000, 1002)
    expect(short.json()).toEqual({ success: true })
    expect((await orderOf(order.code)).status).toBe('PENDING')
    expect(await studioCredits('u-pay')).toBe(before)

    // Two identical notifications at once grant once.
    const [a, b] = await Promise.all([
      transfer(order.code, order.total, 1003),
      transfer(order.code, order.total, 1003),
    ])
    expect([a.statusCode, b.statusCode]).toEqual([200, 200])
    const paid = await orderOf(order.code)
    expect(paid.status).toBe('PAID')
    expect(await studioCredits('u-pay')).toBe(before + 100_000)
    const days = (paid.expiresAt!.getTime() - paid.paidAt!.getTime()) / 86_400_000
    expect(days).toBe(30)
    await transfer(order.code, order.total, 1003)
    expect(await studioCredits('u-pay')).toBe(before + 100_000)
    expect((await events(order.code)).map((e) => e.outcome).sort()).toEqual(['AMOUNT_MISMATCH', 'PAID'])
    const entries = await api.database.db
      .select()
      .from(t.creditEntries)
      .where(eq(t.creditEntries.userId, 'u-pay'))
    expect(entries.filter((e) => e.kind === 'GRANT' && e.reference === `order:${order.code}`)).toHaveLength(1)
  })

  it('records a transfer for a cancelled order for refund and grants nothing', async () => {
    const { order } = await buy('u-cancel', {})
    const before = await studioCredits('u-cancel')
    const cancel = await api.call({
      method: 'POST',
      url: `/api/v1/orders/${order.code}/cancel`,
      token: await api.token('u-cancel'),
    })
    expect(cancel.json().result.status).toBe('CANCELLED')
    await transfer(order.code, order.total, 2001)
    expect((await orderOf(order.code)).status).toBe('CANCELLED')
    expect(await studioCredits('u-cancel')).toBe(before)
    expect((await events(order.code)).map((e) => e.outcome)).toEqual(['REFUND_DUE'])
  })

  it('simulates the transfer in the sandbox through the real webhook', async () => {
    const { order } = await buy('u-sim', {})
    const before = await studioCredits('u-sim')
    const res = await api.call({
      method: 'POST',
      url: '/api/v1/payments/sandbox/bank-transfer',
      token: await api.token('u-sim'),
      payload: { order_code: order.code },
    })
    expect(res.json().result).toMatchObject({ webhook_status: 200, webhook: { success: true } })
    expect((await orderOf(order.code)).status).toBe('PAID')
    expect(await studioCredits('u-sim')).toBe(before + 100_000)
  })
})

describe('VNPay', () => {
  const secret = () => api.config.payments.vnpay.hashSecret
  const ipn = (params: Record<string, string>, hashSecret = secret()) =>
    api.call({ method: 'GET', url: `/api/v1/payments/vnpay/ipn?${vnpSignedQuery(params, hashSecret)}` })
  const result = (code: string, total: number, extra: Record<string, string> = {}) => ({
    vnp_Amount: String(total * 100),
    vnp_TmnCode: api.config.payments.vnpay.tmnCode,
    vnp_TxnRef: code,
    vnp_TransactionNo: '14226112',
    vnp_ResponseCode: '00',
    vnp_TransactionStatus: '00',
    ...extra,
  })

  it('pays through the sandbox page, which notifies the real IPN and returns to the studio', async () => {
    const { order, payment } = await buy('u-vnp', { payment_method: 'VNPAY' })
    const before = await studioCredits('u-vnp')
    const url = new URL(payment.pay_url!)
    expect(url.pathname).toBe('/api/v1/payments/sandbox/vnpay')
    expect(url.searchParams.get('vnp_Amount')).toBe(String(order.total * 100))
    const page = await api.call({ method: 'GET', url: url.pathname + url.search })
    expect(page.statusCode).toBe(200)
    expect(page.body).toContain('SANDBOX')
    expect(page.body).toContain(order.code)
    // The pay form's answer redirects through the return URL to the web app: the CSP must allow that hop.
    expect(page.headers['content-security-policy']).toContain(`form-action 'self' ${api.config.webUrl}`)
    const pay = await api.call({
      method: 'POST',
      url: url.pathname,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ query: url.search.slice(1), result: 'pay' }).toString(),
    })
    expect(pay.statusCode).toBe(303)
    const back = new URL(pay.headers.location as string)
    expect(back.pathname).toBe('/api/v1/payments/vnpay/return')
    const ret = await api.call({ method: 'GET', url: back.pathname + back.search })
    expect(ret.statusCode).toBe(302)
    expect(ret.headers.location).toContain(`/studio/payments?order=${order.code}&vnpay=success`)
    expect((await orderOf(order.code)).status).toBe('PAID')
    expect(await studioCredits('u-vnp')).toBe(before + 100_000)
    // VNPay retries the IPN: already confirmed, nothing more granted.
    expect((await ipn(result(order.code, order.total, { vnp_TransactionNo: '1' }))).json().RspCode).toBe('02')
    expect(await studioCredits('u-vnp')).toBe(before + 100_000)
  })

  it('answers 97, 01, 04 without changing anything, and 00 + FAILED for a cancelled payment', async () => {
    const { order } = await buy('u-ipn', { payment_method: 'VNPAY' })
    const before = await studioCredits('u-ipn')
    expect((await ipn(result(order.code, order.total), 'forged-secret')).json()).toEqual({
      RspCode: '97',
      Message: 'Invalid checksum',
    })
    expect((await ipn(result('LOA00000000', order.total))).json().RspCode).toBe('01')
    expect((await ipn(result(order.code, order.total - 1))).json().RspCode).toBe('04')
    expect(await events(order.code)).toHaveLength(0)
    expect((await orderOf(order.code)).status).toBe('PENDING')
    const cancelled = await ipn(
      result(order.code, order.total, { vnp_ResponseCode: '24', vnp_TransactionStatus: '02' }),
    )
    expect(cancelled.json().RspCode).toBe('00')
    expect((await orderOf(order.code)).status).toBe('FAILED')
    expect(await studioCredits('u-ipn')).toBe(before)
  })

  it('cannot pay an expired order late: 02 and a REFUND_DUE event', async () => {
    const { order } = await buy('u-late', { payment_method: 'VNPAY' })
    const before = await studioCredits('u-late')
    const sweep = await runPaymentsSweep(
      api.database.db,
      api.app.ctx.ledger,
      api.config.payments,
      new Date(Date.now() + 2 * 3_600_000),
    )
    expect(sweep.expiredOrders).toBeGreaterThanOrEqual(1)
    expect((await orderOf(order.code)).status).toBe('EXPIRED')
    expect((await ipn(result(order.code, order.total))).json().RspCode).toBe('02')
    expect((await events(order.code)).map((e) => e.outcome)).toEqual(['REFUND_DUE'])
    expect(await studioCredits('u-late')).toBe(before)
  })
})

describe('vouchers, VAT invoice, renewals', () => {
  it('prices with a voucher and rejects an unknown one', async () => {
    const token = await api.token('u-voucher')
    const quote = await api.call({
      method: 'POST',
      url: '/api/v1/orders/quote',
      token,
      payload: { package_code: 'STUDIO-VIP-MONTH-V3.1', voucher_code: 'loa10' },
    })
    expect(quote.json().result).toMatchObject({
      price: 399_000,
      discount: 39_900,
      voucher_code: 'LOA10',
      subtotal: 359_100,
      vat: 35_910,
      total: 395_010,
      plan_change: 'upgrade',
    })
    const unknown = await api.call({
      method: 'POST',
      url: '/api/v1/orders/quote',
      token,
      payload: { package_code: STANDARD, voucher_code: 'NOPE' },
    })
    expect(unknown.statusCode).toBe(404)
    expect(unknown.json().error_code).toBe('VOUCHER_NOT_FOUND')
    const free = await api.call({
      method: 'POST',
      url: '/api/v1/orders/quote',
      token,
      payload: { package_code: 'STUDIO-FREE-V3' },
    })
    expect(free.json().error_code).toBe('PACKAGE_NOT_PURCHASABLE')
  })

  it('stores a VAT invoice request and validates the tax code', async () => {
    const { order } = await buy('u-invoice', {})
    const token = await api.token('u-invoice')
    const bad = await api.call({
      method: 'PUT',
      url: `/api/v1/orders/${order.code}/invoice`,
      token,
      payload: {
        company_name: 'Công ty TNHH Loa',
        tax_code: '12345',
        address: 'Hà Nội',
        email: 'ketoan@loa.vn',
      },
    })
    expect(bad.statusCode).toBe(400)
    const good = await api.call({
      method: 'PUT',
      url: `/api/v1/orders/${order.code}/invoice`,
      token,
      payload: {
        company_name: 'Công ty TNHH Loa',
        tax_code: '0101234567',
        address: 'Hà Nội',
        email: 'ketoan@loa.vn',
      },
    })
    expect(good.json().result.invoice).toMatchObject({
      company_name: 'Công ty TNHH Loa',
      tax_code: '0101234567',
    })
  })

  it('makes one renewal order and one reminder mail before an AUTO_RENEW package lapses', async () => {
    const { order } = await buy('u-renew', {})
    await transfer(order.code, order.total, 3001)
    const paid = await orderOf(order.code)
    const soon = new Date(paid.expiresAt!.getTime() - 2 * 86_400_000)
    const sweep = () => runPaymentsSweep(api.database.db, api.app.ctx.ledger, api.config.payments, soon)
    expect((await sweep()).renewals).toBeGreaterThanOrEqual(1)
    await sweep()
    const renewals = await api.database.db.select().from(t.orders).where(eq(t.orders.renewalOf, paid.id))
    expect(renewals).toHaveLength(1)
    expect(renewals[0]).toMatchObject({ status: 'PENDING', packageCode: STANDARD, total: 108_900 })
    const mails = await api.database.db.select().from(t.mailOutbox).where(eq(t.mailOutbox.userId, 'u-renew'))
    expect(mails).toHaveLength(1)
    expect(mails[0]!.text).toContain(renewals[0]!.code!)
    const orders = await api.call({
      method: 'GET',
      url: '/api/v1/orders?usage_package=&type=STUDIO&status=PAID',
      token: await api.token('u-renew'),
    })
    expect(orders.json().result.items.map((o: { code: string }) => o.code)).toEqual([order.code])
  })
  it('counts a voucher when its order is paid and enforces the per-user limit', async () => {
    await api.database.db.update(t.vouchers).set({ perUserLimit: 1 }).where(eq(t.vouchers.code, 'LOA10'))
    try {
      const [before] = await api.database.db.select().from(t.vouchers).where(eq(t.vouchers.code, 'LOA10'))
      const { order } = await buy('u-once', { voucher_code: 'LOA10' })
      expect(order.total).toBe(98_010) // 99.000 − 9.900, + 10% VAT
      await transfer(order.code, order.total, 4001)
      const [after] = await api.database.db.select().from(t.vouchers).where(eq(t.vouchers.code, 'LOA10'))
      expect(after!.usedCount).toBe(before!.usedCount + 1)
      const again = await api.call({
        method: 'POST',
        url: '/api/v1/orders/quote',
        token: await api.token('u-once'),
        payload: { package_code: STANDARD, voucher_code: 'LOA10' },
      })
      expect(again.json().error_code).toBe('VOUCHER_USER_LIMIT')
    } finally {
      await api.database.db.update(t.vouchers).set({ perUserLimit: null }).where(eq(t.vouchers.code, 'LOA10'))
    }
  })

  it('renews at the same level after the current period and upgrades from now', async () => {
    const first = await buy('u-plan', {})
    await transfer(first.order.code, first.order.total, 5001)
    const firstPaid = await orderOf(first.order.code)
    const token = await api.token('u-plan')
    const quote = (code: string) =>
      api.call({ method: 'POST', url: '/api/v1/orders/quote', token, payload: { package_code: code } })
    expect((await quote(STANDARD)).json().result.plan_change).toBe('same_level')
    expect((await quote('STUDIO-VIP-MONTH-V3.1')).json().result.plan_change).toBe('upgrade')
    expect((await quote('STUDIO-SPECIAL-TOPUP')).json().result.plan_change).toBeNull()
    const second = await buy('u-plan', {})
    await transfer(second.order.code, second.order.total, 5002)
    const renewed = await orderOf(second.order.code)
    expect(renewed.planChange).toBe('same_level')
    expect(renewed.expiresAt!.getTime()).toBe(firstPaid.expiresAt!.getTime() + 30 * 86_400_000)
  })
})

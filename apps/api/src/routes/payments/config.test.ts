import { app as t } from '@loa/db'
import { cassoSignature } from '@loa/payments'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestApi, type TestApi } from '../../test/harness.ts'

/** Issue 28: a payment set-up is real, the labelled sandbox, or not offered — never half of one. */
const STANDARD = 'STUDIO-STANDARD-MONTH-V3.1'
const base = { PAYMENT_SWEEP_INTERVAL_MS: '0', PAYMENT_FLAGS_URL: 'http://127.0.0.1:9' }

const order = (api: TestApi, user: string, method: string) =>
  api.token(user).then((token) =>
    api.call({
      method: 'POST',
      url: '/api/v1/orders',
      token,
      payload: { package_code: STANDARD, payment_method: method },
    }),
  )

describe('a webhook key without a receiving account (the mixed set-up)', () => {
  let api: TestApi
  beforeAll(async () => {
    api = await startTestApi({
      env: {
        ...base,
        PAYMENT_WEBHOOK_KEY: 'sepay-key-of-the-operator',
        VNPAY_TMN_CODE: 'LOA00001',
        VNPAY_HASH_SECRET: 'vnpay-secret-of-the-operator',
      },
    })
  })
  afterAll(() => api.close())

  it('does not offer VietQR, names the missing settings, and never shows a fake account', async () => {
    expect(api.config.payments.warnings).toEqual([
      'PAYMENT_CONFIG_INCOMPLETE: VIETQR is not offered — missing BANK_ACCOUNT_BIN, BANK_ACCOUNT_NUMBER, ' +
        'BANK_ACCOUNT_NAME (set them, or remove every VIETQR setting for the labelled sandbox)',
    ])
    const methods = await api.call({ method: 'GET', url: '/api/v1/payments/methods' })
    expect(methods.json().result.items).toEqual([
      { method: 'VNPAY', sandbox: false },
      { method: 'MOMO', sandbox: true },
    ])
    const refused = await order(api, 'u-mixed', 'VIETQR')
    expect(refused.statusCode).toBe(400)
    expect(refused.json().error_code).toBe('PAYMENT_METHOD_UNAVAILABLE')
    const vnpay = (await order(api, 'u-mixed', 'VNPAY')).json().result
    expect(vnpay.payment).toMatchObject({ method: 'VNPAY', sandbox: false })
    expect(new URL(vnpay.payment.pay_url).host).toBe('sandbox.vnpayment.vn')
    // An order left from before the set-up changed shows no account to transfer to.
    await api.database.db
      .update(t.orders)
      .set({ paymentMethod: 'VIETQR' })
      .where(eq(t.orders.code, vnpay.order.code))
    const read = await api.call({
      method: 'GET',
      url: `/api/v1/orders/${vnpay.order.code}`,
      token: await api.token('u-mixed'),
    })
    expect(read.json().result.payment).toBeNull()
    expect(read.body).not.toContain('0000000000')
    const simulate = await api.call({
      method: 'POST',
      url: '/api/v1/payments/sandbox/bank-transfer',
      token: await api.token('u-mixed'),
      payload: { order_code: vnpay.order.code },
    })
    expect(simulate.statusCode).toBe(404)
  })

  it('shows the same warning on the /admin dashboard', async () => {
    const res = await api.call({
      method: 'GET',
      url: '/api/v1/admin/dashboard?days=7',
      token: await api.token('u-ops', { roles: ['admin'] }),
    })
    expect(res.json().result.payment_warnings).toEqual(api.config.payments.warnings)
  })
})

describe('a real bank account confirmed by Casso Webhook V2', () => {
  const CASSO_KEY = 'casso-checksum-key-for-tests'
  let api: TestApi
  beforeAll(async () => {
    api = await startTestApi({
      env: {
        ...base,
        BANK_ACCOUNT_BIN: '970432',
        BANK_ACCOUNT_NUMBER: '123456789',
        BANK_ACCOUNT_NAME: 'CONG TY LOA',
        BANK_ACCOUNT_BANK_NAME: 'VPBank',
        CASSO_CHECKSUM_KEY: CASSO_KEY,
      },
    })
  })
  afterAll(() => api.close())

  const send = async (body: object, at: number, key = CASSO_KEY) =>
    api.call({
      method: 'POST',
      url: '/api/v1/payments/bank-webhook',
      headers: { 'x-casso-signature': `t=${at},v1=${cassoSignature(body, String(at), key)}` },
      payload: body,
    })
  const body = (code: string, amount: number, id: number) => ({
    error: 0,
    data: {
      id,
      reference: 'FT2611230001',
      description: `${code} chuyen khoan`,
      amount,
      runningBalance: 25_000_000,
      transactionDateTime: '2026-11-23 15:06:37',
      accountNumber: '123456789',
      bankName: 'VPBank',
      bankAbbreviation: 'VPB',
    },
  })
  const statusOf = async (code: string) =>
    (await api.database.db.select().from(t.orders).where(eq(t.orders.code, code)))[0]!.status

  it('shows the real account, no sandbox, and pays on a signed notification only', async () => {
    expect(api.config.payments.warnings).toEqual([])
    const { order: o, payment } = (await order(api, 'u-casso', 'VIETQR')).json().result
    expect(payment).toMatchObject({
      sandbox: false,
      bank: { bin: '970432', account_number: '123456789', account_name: 'CONG TY LOA' },
    })
    expect((await send(body(o.code, o.total, 6001), Date.now() - 10 * 60_000)).statusCode).toBe(401)
    expect((await send(body(o.code, o.total, 6001), Date.now(), 'not-the-key')).statusCode).toBe(401)
    expect(await statusOf(o.code)).toBe('PENDING')
    expect((await send(body(o.code, o.total, 6001), Date.now())).json()).toEqual({ success: true })
    expect(await statusOf(o.code)).toBe('PAID')
    const simulate = await api.call({
      method: 'POST',
      url: '/api/v1/payments/sandbox/bank-transfer',
      token: await api.token('u-casso'),
      payload: { order_code: o.code },
    })
    expect(simulate.statusCode).toBe(404)
  })
})

import { app as t } from '@loa/db'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestApi, type TestApi } from '../../test/harness.ts'

let api: TestApi
let admin: string
beforeAll(async () => {
  api = await startTestApi({
    env: { PAYMENT_SWEEP_INTERVAL_MS: '0', PAYMENT_FLAGS_URL: 'http://127.0.0.1:9' },
  })
  admin = await api.token('u-finance', { roles: ['admin'], email: 'finance@loa.vn' })
})
afterAll(() => api.close())

const call = (method: 'GET' | 'POST', url: string, payload?: unknown) =>
  api.call({ method, url: `/api/v1/admin${url}`, token: admin, ...(payload ? { payload } : {}) })

/** A real order through the checkout (VietQR), as the buyer. */
const buy = async (user: string, claims: { email?: string; name?: string } = {}) => {
  const res = await api.call({
    method: 'POST',
    url: '/api/v1/orders',
    token: await api.token(user, claims),
    payload: { package_code: 'STUDIO-STANDARD-MONTH-V3.1', payment_method: 'VIETQR' },
  })
  expect(res.statusCode, res.body).toBe(200)
  return res.json().result.order as { code: string; total: number; credits: number }
}

/** The bank's webhook for an incoming transfer with this memo (what SePay sends). */
const transfer = (memo: string, amount: number, id: number) =>
  api.call({
    method: 'POST',
    url: '/api/v1/payments/bank-webhook',
    headers: { authorization: `Apikey ${api.config.payments.webhook.apiKey}` },
    payload: {
      id,
      gateway: 'Vietcombank',
      transactionDate: '2026-11-23 14:02:37',
      accountNumber: api.config.payments.bank.accountNumber,
      code: null,
      content: memo,
      transferType: 'in',
      transferAmount: amount,
      accumulated: 0,
      subAccount: null,
      referenceCode: `FT${id}`,
      description: '',
    },
  })

const studioCredits = async (user: string) =>
  (await api.database.db.select().from(t.creditWallets).where(eq(t.creditWallets.userId, user))).find(
    (w) => w.product === 'aivoice',
  )?.balance ?? 0

describe('orders and payments in the back-office', () => {
  it('matches an unmatched transfer to its order by hand: paid, credits granted, timeline and audit', async () => {
    const order = await buy('u-buyer-a')
    const before = await studioCredits('u-buyer-a')
    // The buyer forgot the order code in the memo: the bank notice matches nothing.
    expect((await transfer('chuyen tien mua goi studio', order.total, 9001)).statusCode).toBe(200)
    const unmatched = (await call('GET', '/payments/events?outcome=UNMATCHED&unresolved=true')).json().result
    const event = unmatched.items.find((e: { provider_txn_id: string }) => e.provider_txn_id.includes('9001'))
    expect(event).toMatchObject({ amount: order.total, order_id: null })

    const wrong = await call('POST', `/payments/events/${event.id}/match`, {
      order_code: 'LOANOPE00',
      reason: 'memo sai',
    })
    expect(wrong.json().error_code).toBe('ORDER_NOT_FOUND')
    const matched = await call('POST', `/payments/events/${event.id}/match`, {
      order_code: order.code.toLowerCase(),
      reason: 'Khách quên ghi mã đơn, đối chiếu sao kê',
    })
    expect(matched.json().result).toEqual({ order_code: order.code, status: 'PAID' })
    expect(await studioCredits('u-buyer-a')).toBe(before + order.credits)
    // Once only: the event is settled now.
    const again = await call('POST', `/payments/events/${event.id}/match`, {
      order_code: order.code,
      reason: 'lần hai',
    })
    expect(again.json().error_code).toBe('PAYMENT_EVENT_NOT_MATCHABLE')
    expect(await studioCredits('u-buyer-a')).toBe(before + order.credits)

    const detail = (await call('GET', `/orders/${order.code}`)).json().result
    expect(detail.order).toMatchObject({ code: order.code, status: 'PAID', user_id: 'u-buyer-a' })
    expect(detail.events).toEqual([expect.objectContaining({ outcome: 'PAID', amount: order.total })])
    expect(detail.audit).toEqual([
      expect.objectContaining({ action: 'order.match_transfer', actor_email: 'finance@loa.vn' }),
    ])
    // The order code finds its buyer in the user search.
    expect(
      (await call('GET', `/users?q=${order.code}`)).json().result.items.map((u: { id: string }) => u.id),
    ).toEqual(['u-buyer-a'])
  })

  it('refuses a transfer of another amount; refunds a paid order and takes back what is left of its credits', async () => {
    const order = await buy('u-buyer-b')
    await transfer('khong co ma', order.total - 1_000, 9002)
    const event = (await call('GET', '/payments/events?outcome=UNMATCHED'))
      .json()
      .result.items.find((e: { provider_txn_id: string }) => e.provider_txn_id.includes('9002'))
    const short = await call('POST', `/payments/events/${event.id}/match`, {
      order_code: order.code,
      reason: 'thiếu tiền',
    })
    expect(short.json()).toMatchObject({ error_code: 'PAYMENT_AMOUNT_MISMATCH' })
    const resolved = await call('POST', `/payments/events/${event.id}/resolve`, {
      reason: 'Đã hoàn tiền qua ngân hàng',
    })
    expect(resolved.statusCode).toBe(200)

    await transfer(`CT ${order.code}`, order.total, 9003)
    const credits = await studioCredits('u-buyer-b')
    expect((await call('POST', `/orders/${order.code}/refund`, { reason: 'x' })).statusCode).toBe(400)
    const refund = await call('POST', `/orders/${order.code}/refund`, { reason: 'Khách đổi ý trong 7 ngày' })
    expect(refund.json().result).toEqual({
      order_code: order.code,
      status: 'REFUNDED',
      credits_revoked: order.credits,
    })
    expect(await studioCredits('u-buyer-b')).toBe(credits - order.credits)
    expect(
      (await call('POST', `/orders/${order.code}/refund`, { reason: 'lần hai' })).json().error_code,
    ).toBe('ORDER_NOT_REFUNDABLE')
    const entries = await api.database.db
      .select()
      .from(t.creditEntries)
      .where(eq(t.creditEntries.userId, 'u-buyer-b'))
    expect(entries.filter((e) => e.kind === 'REVOKE')).toHaveLength(1)
  })

  it('filters orders by status and method, and exports them as CSV', async () => {
    const refunded = (await call('GET', '/orders?status=REFUNDED&method=VIETQR')).json().result
    expect(refunded.total).toBe(1)
    expect(refunded.items[0]).toMatchObject({ status: 'REFUNDED', payment_method: 'VIETQR' })
    expect((await call('GET', '/orders?status=PAID&limit=1')).json().result.items).toHaveLength(1)
    expect((await call('GET', '/orders?from=2026-13-01')).statusCode).toBe(400)
    const csv = await call('GET', '/orders.csv?status=REFUNDED')
    expect(csv.headers['content-type']).toContain('text/csv')
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n')
    expect(lines[0]).toBe(
      'code,user_id,package_code,type,status,payment_method,price,discount,vat,total,voucher_code,memo,created_at,paid_at',
    )
    expect(lines).toHaveLength(2)
    expect(lines[1]).toContain('"REFUNDED"')
  })
})

describe('who bought it (issue 32)', () => {
  it('names each order’s buyer by e-mail and name, and finds orders by part of either', async () => {
    const order = await buy('u-buyer-named', { email: 'chi.mai@tiemhoa.vn', name: 'Nguyễn Thị Chi Mai' })
    await buy('u-buyer-other', { email: 'khac@loa.vn', name: 'Người Khác' })
    for (const q of ['tiemhoa', 'CHI MAI', 'Thị Chi']) {
      const { items } = (await call('GET', `/orders?q=${encodeURIComponent(q)}`)).json().result
      expect(
        items.map((o: { code: string }) => o.code),
        q,
      ).toEqual([order.code])
      expect(items[0]).toMatchObject({
        user_id: 'u-buyer-named',
        user_email: 'chi.mai@tiemhoa.vn',
        user_name: 'Nguyễn Thị Chi Mai',
      })
    }
    // LIKE's wildcards in the text are taken as letters, not as "anything".
    expect((await call('GET', '/orders?q=%25')).json().result.items).toEqual([])
    const detail = (await call('GET', `/orders/${order.code}`)).json().result
    expect(detail.order).toMatchObject({ user_email: 'chi.mai@tiemhoa.vn', user_name: 'Nguyễn Thị Chi Mai' })
  })
})

describe('an operator finishes a VietQR order by hand (issue 28)', () => {
  const markPaid = (code: string, body: Record<string, unknown>) =>
    call('POST', `/orders/${code}/mark-paid`, body)

  it('marks it paid against a bank transaction: amount checked, reason required, audited, granted once', async () => {
    const order = await buy('u-by-hand')
    const before = await studioCredits('u-by-hand')
    const reference = 'FT26331000123'
    expect((await markPaid(order.code, { bank_reference: reference, amount: order.total })).statusCode).toBe(
      400,
    )
    const short = await markPaid(order.code, {
      bank_reference: reference,
      amount: order.total - 1,
      reason: 'sao kê',
    })
    expect(short.json()).toMatchObject({
      error_code: 'PAYMENT_AMOUNT_MISMATCH',
      details: { amount: order.total - 1 },
    })
    expect(await studioCredits('u-by-hand')).toBe(before)
    const paid = await markPaid(order.code.toLowerCase(), {
      bank_reference: reference,
      amount: order.total,
      reason: 'Khách chuyển khoản, webhook không về — đối chiếu sao kê VCB',
    })
    expect(paid.json().result).toEqual({ order_code: order.code, status: 'PAID' })
    expect(await studioCredits('u-by-hand')).toBe(before + order.credits)
    const twice = await markPaid(order.code, {
      bank_reference: 'FT26331000124',
      amount: order.total,
      reason: 'lần hai',
    })
    expect(twice.json().error_code).toBe('ORDER_NOT_PENDING')
    // The bank's own notice of the same order arriving afterwards grants nothing more: money to give back.
    expect((await transfer(`CT ${order.code}`, order.total, 9101)).statusCode).toBe(200)
    expect(await studioCredits('u-by-hand')).toBe(before + order.credits)
    // One bank transaction pays one order only.
    const other = await buy('u-by-hand-2')
    const otherBefore = await studioCredits('u-by-hand-2')
    const reused = await markPaid(other.code, {
      bank_reference: reference,
      amount: other.total,
      reason: 'nhầm',
    })
    expect(reused.json().error_code).toBe('BANK_REFERENCE_USED')
    expect(await studioCredits('u-by-hand-2')).toBe(otherBefore)

    const detail = (await call('GET', `/orders/${order.code}`)).json().result
    expect(detail.events.map((e: { outcome: string; provider: string }) => [e.provider, e.outcome])).toEqual(
      expect.arrayContaining([
        ['manual', 'PAID'],
        ['sepay', 'REFUND_DUE'],
      ]),
    )
    expect(detail.audit).toEqual([
      expect.objectContaining({ action: 'order.mark_paid', actor_email: 'finance@loa.vn' }),
    ])
  })

  it('cancels an unpaid order with a reason, once; a VNPay order is not marked paid by hand', async () => {
    const order = await buy('u-cancel-hand')
    expect((await call('POST', `/orders/${order.code}/cancel`, {})).statusCode).toBe(400)
    const cancelled = await call('POST', `/orders/${order.code}/cancel`, {
      reason: 'Khách yêu cầu huỷ qua điện thoại',
    })
    expect(cancelled.json().result).toEqual({ order_code: order.code, status: 'CANCELLED' })
    const again = await call('POST', `/orders/${order.code}/cancel`, { reason: 'lần hai' })
    expect(again.json().error_code).toBe('ORDER_NOT_PENDING')
    expect((await call('GET', `/orders/${order.code}`)).json().result.audit).toEqual([
      expect.objectContaining({ action: 'order.cancel' }),
    ])
    const vnpay = await api.call({
      method: 'POST',
      url: '/api/v1/orders',
      token: await api.token('u-cancel-hand'),
      payload: { package_code: 'STUDIO-STANDARD-MONTH-V3.1', payment_method: 'VNPAY' },
    })
    const code = vnpay.json().result.order.code
    const refused = await markPaid(code, {
      bank_reference: 'FT1',
      amount: vnpay.json().result.order.total,
      reason: 'x y z',
    })
    expect(refused.json().error_code).toBe('ORDER_NOT_BANK_TRANSFER')
  })
})

import { app as t } from '@loa/db'
import { momoCreateRequest, momoResultSignature, type MomoCredentials } from '@loa/payments'
import { eq } from 'drizzle-orm'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runPaymentsSweep } from '../../payments/sweep.ts'
import { startTestApi, type TestApi } from '../../test/harness.ts'

/** Issue 28: MoMo wallet — create (captureWallet), redirect, IPN (HMAC-SHA256, 204), query, sandbox. */
const STANDARD = 'STUDIO-STANDARD-MONTH-V3.1'
const base = { PAYMENT_SWEEP_INTERVAL_MS: '0', PAYMENT_FLAGS_URL: 'http://127.0.0.1:9' }

const buyWithMomo = async (api: TestApi, user: string) => {
  const res = await api.call({
    method: 'POST',
    url: '/api/v1/orders',
    token: await api.token(user),
    payload: { package_code: STANDARD, payment_method: 'MOMO' },
  })
  expect(res.statusCode, res.body).toBe(200)
  return res.json().result as {
    order: { code: string; total: number; credits: number }
    payment: { method: string; sandbox: boolean; pay_url: string }
  }
}
const studio = async (api: TestApi, user: string) =>
  (await api.database.db.select().from(t.creditWallets).where(eq(t.creditWallets.userId, user))).find(
    (w) => w.product === 'aivoice',
  )?.balance ?? 0
const statusOf = async (api: TestApi, code: string) =>
  (await api.database.db.select().from(t.orders).where(eq(t.orders.code, code)))[0]!.status

/** A result as MoMo signs it, for an order. */
const result = (momo: MomoCredentials, code: string, amount: number, transId: number, resultCode = 0) => {
  const unsigned = {
    partnerCode: momo.partnerCode,
    orderId: code,
    requestId: `${code}-1`,
    amount,
    orderInfo: `Thanh toan don hang ${code}`,
    orderType: 'momo_wallet',
    transId,
    resultCode,
    message: resultCode === 0 ? 'Successful.' : 'Failed.',
    payType: 'qr',
    responseTime: Date.now(),
    extraData: '',
  }
  return { ...unsigned, signature: momoResultSignature(unsigned, momo) }
}

describe('MoMo in the embedded sandbox', () => {
  let api: TestApi
  beforeAll(async () => {
    api = await startTestApi({ env: base })
  })
  afterAll(() => api.close())
  const ipn = (body: object) => api.call({ method: 'POST', url: '/api/v1/payments/momo/ipn', payload: body })

  it('pays through the labelled sandbox page, which calls the real IPN and returns to the order', async () => {
    const methods = (await api.call({ method: 'GET', url: '/api/v1/payments/methods' })).json().result.items
    expect(methods).toContainEqual({ method: 'MOMO', sandbox: true })
    const { order, payment } = await buyWithMomo(api, 'u-momo-sandbox')
    expect(payment).toMatchObject({ method: 'MOMO', sandbox: true })
    const url = new URL(payment.pay_url)
    expect(url.pathname).toBe('/api/v1/payments/sandbox/momo')
    const asked = JSON.parse(Buffer.from(url.searchParams.get('r')!, 'base64url').toString())
    expect(asked).toMatchObject({ requestType: 'captureWallet', orderId: order.code, amount: order.total })
    const page = await api.call({ method: 'GET', url: url.pathname + url.search })
    expect(page.body).toContain('SANDBOX')
    expect(page.body).toContain(order.code)
    url.searchParams.set('r', Buffer.from(JSON.stringify({ ...asked, amount: 1_000 })).toString('base64url'))
    expect((await api.call({ method: 'GET', url: url.pathname + url.search })).body).toContain(
      'Chữ ký không hợp lệ',
    )
    const before = await studio(api, 'u-momo-sandbox')
    const paid = await api.call({
      method: 'POST',
      url: '/api/v1/payments/sandbox/momo',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        query: new URL(payment.pay_url).searchParams.get('r')!,
        result: 'pay',
      }).toString(),
    })
    expect(paid.statusCode).toBe(303)
    const back = new URL(paid.headers.location as string)
    expect(back.pathname).toBe('/api/v1/payments/momo/return')
    expect(await statusOf(api, order.code)).toBe('PAID')
    expect(await studio(api, 'u-momo-sandbox')).toBe(before + order.credits)
    const toWeb = await api.call({ method: 'GET', url: back.pathname + back.search })
    expect(toWeb.statusCode).toBe(302)
    expect(toWeb.headers.location).toMatch(new RegExp(`/studio/payments\\?order=${order.code}&momo=success$`))
  })

  it('changes nothing on a forged, a mismatched or a replayed notification', async () => {
    const momo = api.config.payments.momo
    const { order } = await buyWithMomo(api, 'u-momo-ipn')
    const before = await studio(api, 'u-momo-ipn')
    const forged = await ipn(
      result({ ...momo, secretKey: 'not-the-secret-key' }, order.code, order.total, 71),
    )
    expect(forged.statusCode).toBe(401)
    const short = await ipn(result(momo, order.code, order.total - 1_000, 72))
    expect(short.statusCode).toBe(204)
    expect(await statusOf(api, order.code)).toBe('PENDING')
    const good = result(momo, order.code, order.total, 73)
    expect((await ipn(good)).statusCode).toBe(204)
    expect(await statusOf(api, order.code)).toBe('PAID')
    expect((await ipn(good)).statusCode).toBe(204)
    expect((await ipn(result(momo, order.code, order.total, 74))).statusCode).toBe(204)
    expect(await studio(api, 'u-momo-ipn')).toBe(before + order.credits)
    const events = await api.database.db
      .select()
      .from(t.paymentEvents)
      .where(eq(t.paymentEvents.orderCode, order.code))
    expect(events.map((e) => e.outcome).sort()).toEqual(['PAID', 'REFUND_DUE'])
  })
})

describe('MoMo with a configured partner (a loopback MoMo)', () => {
  let api: TestApi
  let server: Server
  const seen: { path: string; body: Record<string, unknown> }[] = []
  const momo = {
    partnerCode: 'MOMOLOA1',
    accessKey: 'loa-access-key',
    secretKey: 'loa-secret-key-0123456789',
  }
  let answerQuery: (orderId: string) => object = () => ({ resultCode: 1000 })

  beforeAll(async () => {
    server = createServer((req, res) => {
      let raw = ''
      req.on('data', (c) => (raw += c))
      req.on('end', () => {
        const body = JSON.parse(raw) as Record<string, unknown>
        seen.push({ path: req.url!, body })
        const answer =
          req.url === '/v2/gateway/api/create'
            ? {
                resultCode: 0,
                message: 'Thành công.',
                payUrl: `https://test-payment.momo.vn/pay/${body.orderId}`,
              }
            : answerQuery(String(body.orderId))
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer))
      })
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    api = await startTestApi({
      env: {
        ...base,
        MOMO_PARTNER_CODE: momo.partnerCode,
        MOMO_ACCESS_KEY: momo.accessKey,
        MOMO_SECRET_KEY: momo.secretKey,
        MOMO_ENDPOINT: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
      },
    })
  })
  afterAll(async () => {
    await api.close()
    server.close()
  })

  it('creates a captureWallet payment, redirects to MoMo, and reconciles a lost IPN by query once', async () => {
    const { order, payment } = await buyWithMomo(api, 'u-momo-real')
    expect(payment).toEqual({
      method: 'MOMO',
      sandbox: false,
      pay_url: `https://test-payment.momo.vn/pay/${order.code}`,
    })
    const create = seen.find((s) => s.path === '/v2/gateway/api/create')!.body
    expect(create).toMatchObject({
      partnerCode: 'MOMOLOA1',
      orderId: order.code,
      amount: order.total,
      requestType: 'captureWallet',
    })
    const resigned = momoCreateRequest({ ...momo, endpoint: '' }, create as never)
    expect(create.signature).toBe(resigned.signature)
    // The order page shows the same MoMo page again.
    const read = await api.call({
      method: 'GET',
      url: `/api/v1/orders/${order.code}`,
      token: await api.token('u-momo-real'),
    })
    expect(read.json().result.payment.pay_url).toBe(payment.pay_url)

    const before = await studio(api, 'u-momo-real')
    const paidResult = result({ ...momo, endpoint: '' }, order.code, order.total, 880001)
    answerQuery = () => paidResult
    const later = new Date(Date.now() + 5 * 60_000)
    expect(
      (await runPaymentsSweep(api.database.db, api.app.ctx.ledger, api.config.payments, later)).momoQueried,
    ).toBe(1)
    expect(await statusOf(api, order.code)).toBe('PAID')
    // The IPN of the same transaction arriving after the query grants nothing more.
    const ipn = await api.call({ method: 'POST', url: '/api/v1/payments/momo/ipn', payload: paidResult })
    expect(ipn.statusCode).toBe(204)
    expect(await studio(api, 'u-momo-real')).toBe(before + order.credits)
  })
})

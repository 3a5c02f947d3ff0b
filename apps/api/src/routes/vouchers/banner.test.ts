import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { app as t } from '@loa/db'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestApi, type TestApi } from '../../test/harness.ts'

let api: TestApi
let flags: Server
beforeAll(async () => {
  // A flags service that turns the first-paid-order discount on for everybody.
  flags = createServer((_request, response) => {
    response.setHeader('content-type', 'application/json')
    response.end(JSON.stringify({ features: { 'discount-for-first-paid-user': { defaultValue: true } } }))
  })
  await new Promise<void>((resolve) => flags.listen(0, '127.0.0.1', resolve))
  const { port } = flags.address() as AddressInfo
  api = await startTestApi({ env: { PAYMENT_FLAGS_URL: `http://127.0.0.1:${port}` } })
})
afterAll(async () => {
  await api.close()
  await new Promise((resolve) => flags.close(resolve))
})

const banner = async (sub: string) =>
  (await api.call({ method: 'GET', url: '/api/v1/vouchers/banner/user', token: await api.token(sub) })).json()
    .result

describe('GET /api/v1/vouchers/banner/user: one promotion, the best for the customer (issue 28)', () => {
  it('offers the 20% first order instead of the 10% banner voucher before the first paid order', async () => {
    expect(await banner('u-first')).toEqual({ voucher: null, first_order: { discount_percent: 20 } })
  })

  it('offers the banner voucher once an order is paid (the first-order discount is gone)', async () => {
    await api.database.db.insert(t.orders).values({
      userId: 'u-repeat',
      packageCode: 'STUDIO-STANDARD-MONTH-V3.1',
      type: 'STUDIO',
      status: 'PAID',
      price: 99_000,
      total: 108_900,
      paidAt: new Date(),
    })
    const offer = await banner('u-repeat')
    expect(offer.first_order).toBeNull()
    expect(offer.voucher.code).toBe('LOA10')
  })
})

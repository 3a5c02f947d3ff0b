import { PRODUCT_OF_ORDER_TYPE, type OrderType } from '@loa/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestApi, type TestApi } from '../../test/harness.ts'

let api: TestApi
beforeAll(async () => {
  api = await startTestApi()
})
afterAll(() => api.close())

describe('spec §1 product ids (aivoice, aicall, aidubbing, aivoiceapi) where a product is named', () => {
  it('every package names the product whose wallet it fills', async () => {
    const res = await api.call({ method: 'GET', url: '/api/v1/packages?limit=100' })
    expect(res.statusCode).toBe(200)
    const items = res.json().result.items as { type: OrderType; product: string }[]
    expect(items.length).toBeGreaterThan(0)
    for (const item of items) expect(item.product).toBe(PRODUCT_OF_ORDER_TYPE[item.type])
    expect(new Set(items.map((i) => i.product))).toEqual(
      new Set(['aivoice', 'aivoiceapi', 'aidubbing', 'aicall']),
    )
  })

  it('balances name their product', async () => {
    const token = await api.token('u-products')
    const me = await api.call({ method: 'GET', url: '/api/v1/me', token })
    const products = (me.json().result.balances as { product: string }[]).map((b) => b.product)
    expect(products.length).toBeGreaterThan(0)
    for (const product of products)
      expect(['aivoice', 'aivoiceapi', 'aidubbing', 'aicall']).toContain(product)
  })
})

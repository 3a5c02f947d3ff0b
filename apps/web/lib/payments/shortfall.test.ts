import { describe, expect, it } from 'vitest'
import type { UsagePackage } from '../api/types'
import { HttpError } from '../http/client'
import { buyMoreHref, buyMorePackage, productToBuy, shortfallOf } from './shortfall'

const refused = (details: object) =>
  new HttpError('Request failed with status code 402', 402, { errorCode: 'INSUFFICIENT_CREDITS', details })

describe('shortfallOf', () => {
  it('reads the product API answer: the wallet, what is needed and what is left', () => {
    expect(
      shortfallOf(refused({ required: 62, balance: 45, product: 'aidubbing', expiresAt: null })),
    ).toEqual({
      product: 'aidubbing',
      required: 62,
      balance: 45,
    })
  })
  it("reads the developer API's raw body (the console's try-it)", () => {
    const body = {
      error: { code: 'INSUFFICIENT_CREDITS', details: { required: 900, balance: 12, product: 'aivoiceapi' } },
    }
    expect(shortfallOf(body)).toEqual({ product: 'aivoiceapi', required: 900, balance: 12 })
  })
  it('takes the fallback wallet when the details do not name one; other errors are no shortfall', () => {
    expect(shortfallOf(refused({}), 'aivoice')).toEqual({ product: 'aivoice', required: null, balance: null })
    expect(shortfallOf(refused({}))).toBeNull()
    expect(shortfallOf(new HttpError('x', 400, { errorCode: 'TEXT_TOO_LONG' }), 'aivoice')).toBeNull()
    expect(shortfallOf('INSUFFICIENT_CREDITS', 'aivoice')).toBeNull()
  })
})

describe('buyMorePackage', () => {
  const pkg = (code: string, type: string, price: number, cycle?: string): UsagePackage => ({
    code,
    type,
    price,
    ...(cycle ? { cycle } : {}),
  })
  const list = [
    pkg('STUDIO-VIP-MONTH', 'STUDIO', 399_000, 'monthly'),
    pkg('STUDIO-STANDARD-MONTH', 'STUDIO', 99_000, 'monthly'),
    pkg('STUDIO-SPECIAL-TOPUP', 'STUDIO', 50_000),
    pkg('API-PRO-YEAR', 'API', 19_900_000, 'yearly'),
    pkg('API-BASIC-MONTH', 'API', 299_000, 'monthly'),
    pkg('DUBBING-BASIC', 'DUBBING', 0, 'monthly'),
    pkg('DUBBING-PRO-MONTH', 'DUBBING', 499_000, 'monthly'),
  ]
  it("opens the wallet's top-up, else its cheapest paid plan, never another product's", () => {
    expect(buyMorePackage(list, 'aivoice')?.code).toBe('STUDIO-SPECIAL-TOPUP')
    expect(buyMorePackage(list, 'aivoiceapi')?.code).toBe('API-BASIC-MONTH')
    expect(buyMorePackage(list, 'aidubbing')?.code).toBe('DUBBING-PRO-MONTH')
    expect(buyMorePackage(list, 'aicall')).toBeNull()
  })
  it('links the payments page in the page language and reads the link back', () => {
    expect(buyMoreHref('vi', 'aidubbing')).toBe('/studio/payments?buy=aidubbing')
    expect(buyMoreHref('en', 'aivoiceapi')).toBe('/en/studio/payments?buy=aivoiceapi')
    expect(productToBuy('aidubbing')).toBe('aidubbing')
    expect(productToBuy('STUDIO')).toBeNull()
    expect(productToBuy(null)).toBeNull()
  })
})

import { app as t } from '@loa/db'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestApi, type TestApi } from '../../test/harness.ts'

let api: TestApi
let mine: string
let theirs: string
beforeAll(async () => {
  api = await startTestApi()
  // Orders written directly (as older installs hold them: no code); the payments flow is tested in routes/payments.
  const rows = await api.database.db
    .insert(t.orders)
    .values([
      {
        userId: 'u-buyer',
        packageCode: 'STUDIO-STANDARD-MONTH-V3.1',
        type: 'STUDIO',
        status: 'PAID',
        price: 99_000,
        total: 99_000,
        paidAt: new Date(),
      },
      {
        userId: 'u-buyer',
        packageCode: 'API-BASIC-MONTH-V3.1',
        type: 'API',
        status: 'PAID',
        price: 299_000,
        total: 299_000,
        paidAt: new Date(),
      },
      {
        userId: 'u-buyer',
        packageCode: 'STUDIO-VIP-MONTH-V3.1',
        type: 'STUDIO',
        status: 'PENDING',
        price: 399_000,
        total: 399_000,
      },
      {
        userId: 'u-other',
        packageCode: 'STUDIO-VIP-MONTH-V3.1',
        type: 'STUDIO',
        status: 'PAID',
        price: 399_000,
        total: 399_000,
        paidAt: new Date(),
      },
    ])
    .returning()
  mine = rows[0]!.id
  theirs = rows[3]!.id
})
afterAll(() => api.close())

describe('GET /api/v1/orders', () => {
  it('lists only the caller’s orders with the STUDIO/PAID filter', async () => {
    const token = await api.token('u-buyer')
    const res = await api.call({
      method: 'GET',
      url: '/api/v1/orders?usage_package=&type=STUDIO&status=PAID',
      token,
    })
    expect(res.statusCode).toBe(200)
    expect(res.json().result).toMatchObject({
      total: 1,
      items: [{ id: mine, package_code: 'STUDIO-STANDARD-MONTH-V3.1', status: 'PAID', currency: 'VND' }],
    })
    const all = await api.call({ method: 'GET', url: '/api/v1/orders', token })
    expect(all.json().result.total).toBe(3)
    const byCode = await api.call({
      method: 'GET',
      url: '/api/v1/orders?usage_package=API-BASIC-MONTH-V3.1',
      token,
    })
    expect(byCode.json().result.items.map((o: { type: string }) => o.type)).toEqual(['API'])
  })

  it('order query (spec 7.33): status alone and type alone return only the caller’s matching orders', async () => {
    const token = await api.token('u-buyer')
    const list = async (query: string) => {
      const res = await api.call({ method: 'GET', url: `/api/v1/orders?${query}`, token })
      expect(res.statusCode).toBe(200)
      const items = res.json().result.items as { type: string; status: string; package_code: string }[]
      return items.map((o) => `${o.type}/${o.status}/${o.package_code}`).sort()
    }
    expect(await list('status=PENDING')).toEqual(['STUDIO/PENDING/STUDIO-VIP-MONTH-V3.1'])
    expect(await list('status=PAID')).toEqual([
      'API/PAID/API-BASIC-MONTH-V3.1',
      'STUDIO/PAID/STUDIO-STANDARD-MONTH-V3.1',
    ])
    expect(await list('type=API')).toEqual(['API/PAID/API-BASIC-MONTH-V3.1'])
    expect(await list('type=STUDIO')).toEqual([
      'STUDIO/PAID/STUDIO-STANDARD-MONTH-V3.1',
      'STUDIO/PENDING/STUDIO-VIP-MONTH-V3.1',
    ])
    expect(await list('status=REFUNDED')).toEqual([])
  })

  it('hides other users’ orders (404) and validates filters', async () => {
    const token = await api.token('u-buyer')
    expect((await api.call({ method: 'GET', url: `/api/v1/orders/${mine}`, token })).statusCode).toBe(200)
    const other = await api.call({ method: 'GET', url: `/api/v1/orders/${theirs}`, token })
    expect(other.statusCode).toBe(404)
    expect(other.json().error_code).toBe('ORDER_NOT_FOUND')
    expect((await api.call({ method: 'GET', url: '/api/v1/orders/not-a-uuid', token })).statusCode).toBe(400)
    expect((await api.call({ method: 'GET', url: '/api/v1/orders?type=RADIO', token })).statusCode).toBe(400)
    const anon = await api.call({ method: 'GET', url: '/api/v1/orders?type=STUDIO&status=PAID' })
    expect(anon.statusCode).toBe(401)
    expect(anon.json().status).toBe(0)
  })
})

describe('vouchers for signed-in users', () => {
  it('new users see NEW_USER vouchers; paying users see PAID_USER ones', async () => {
    const fresh = await api.token('u-fresh')
    const codes = (await api.call({ method: 'GET', url: '/api/v1/vouchers', token: fresh }))
      .json()
      .result.items.map((v: { code: string }) => v.code)
    expect(codes).toEqual(expect.arrayContaining(['LOA10', 'CHAOBANMOI']))
    expect(codes).not.toContain('KHACHQUEN50K')
    expect(
      (await api.call({ method: 'GET', url: '/api/v1/vouchers/paid-orders', token: fresh })).json().result,
    ).toEqual({ total: 0, items: [] })

    const buyer = await api.token('u-buyer')
    const paid = (await api.call({ method: 'GET', url: '/api/v1/vouchers/paid-orders', token: buyer })).json()
      .result
    expect(paid.items.map((v: { code: string }) => v.code)).toEqual(['KHACHQUEN50K'])
    const buyerCodes = (await api.call({ method: 'GET', url: '/api/v1/vouchers', token: buyer }))
      .json()
      .result.items.map((v: { code: string }) => v.code)
    expect(buyerCodes).not.toContain('CHAOBANMOI')
    const banner = (
      await api.call({ method: 'GET', url: '/api/v1/vouchers/banner/user', token: buyer })
    ).json().result
    expect(banner.voucher.code).toBe('LOA10')
  })

  it('shows vouchers handed to one user only to that user', async () => {
    await api.database.db
      .insert(t.vouchers)
      .values({ code: 'RIENG1', title: 'Riêng', discountPercent: 50, isPublic: false, showBanner: true })
    await api.database.db.insert(t.userVouchers).values({ userId: 'u-lucky', voucherCode: 'RIENG1' })
    const lucky = (
      await api.call({
        method: 'GET',
        url: '/api/v1/vouchers/banner/user',
        token: await api.token('u-lucky'),
      })
    ).json().result
    expect(lucky.voucher.code).toBe('RIENG1')
    const other = (
      await api.call({ method: 'GET', url: '/api/v1/vouchers', token: await api.token('u-unlucky') })
    ).json().result
    expect(other.items.map((v: { code: string }) => v.code)).not.toContain('RIENG1')
    expect((await api.call({ method: 'GET', url: '/api/v1/vouchers' })).statusCode).toBe(401)
  })
})

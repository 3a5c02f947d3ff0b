import { app as t } from '@loa/db'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestApi, type TestApi } from '../test/harness.ts'
import { createCreditsService, type CreditsService } from './credits.ts'

let api: TestApi
let credits: CreditsService

const newUser = async (id: string, balance = 0) => {
  await api.database.db.insert(t.users).values({ id, affiliateCode: `AFF-${id}` })
  if (balance) await credits.grant(id, balance, { reason: 'test grant', reference: 'test' })
}
const balanceOf = async (id: string) => credits.balance(id)
const sumOfDeltas = async (id: string) =>
  (await api.database.db.select().from(t.creditEntries).where(eq(t.creditEntries.userId, id))).reduce(
    (s, e) => s + e.delta,
    0,
  )

beforeAll(async () => {
  api = await startTestApi()
  credits = createCreditsService(api.database.db)
})
afterAll(() => api.close())

describe('credits ledger', () => {
  it('never goes negative under concurrent reservations', async () => {
    await newUser('c-race', 5_000)
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) =>
        credits.reserve('c-race', 400, { reason: 'synthesis', reference: `job-${i}` }),
      ),
    )
    const won = results.filter((r) => r.status === 'fulfilled')
    expect(won).toHaveLength(12)
    for (const r of results)
      if (r.status === 'rejected') expect((r.reason as { code: string }).code).toBe('INSUFFICIENT_CREDITS')
    expect(await balanceOf('c-race')).toBe(200)
    expect(await sumOfDeltas('c-race')).toBe(200)
  })

  it('charges or releases a reservation exactly once, refunding the unused part', async () => {
    await newUser('c-once', 1_000)
    const r = await credits.reserve('c-once', 600, { reason: 'synthesis', reference: 'req-1' })
    expect(await balanceOf('c-once')).toBe(400)
    const settled = await Promise.allSettled([
      credits.charge(r.id, { amount: 450 }),
      credits.charge(r.id),
      credits.release(r.id),
    ])
    expect(settled.filter((s) => s.status === 'fulfilled')).toHaveLength(1)
    for (const s of settled)
      if (s.status === 'rejected')
        expect((s.reason as { code: string }).code).toBe('RESERVATION_ALREADY_SETTLED')
    const balance = await balanceOf('c-once')
    expect([550, 400, 1_000]).toContain(balance)
    expect(await sumOfDeltas('c-once')).toBe(balance)
    const entries = await credits.entries('c-once', { offset: 0, limit: 10 })
    expect(entries.items.map((e) => e.kind)).toContain('RESERVATION')
    expect(entries.items.every((e) => e.reason.length > 0)).toBe(true)
  })

  it('records grant, reservation, charge and refund entries with balance_after', async () => {
    await newUser('c-kinds', 0)
    await credits.grant('c-kinds', 300, { reason: 'top-up', reference: 'order-1' })
    const r = await credits.reserve('c-kinds', 200, { reason: 'synthesis', reference: 'req-2' })
    await credits.charge(r.id, { amount: 150 })
    const r2 = await credits.reserve('c-kinds', 100, { reason: 'synthesis', reference: 'req-3' })
    await credits.release(r2.id)
    const { items } = await credits.entries('c-kinds', { offset: 0, limit: 20 })
    expect(items.map((e) => [e.kind, e.delta, e.balanceAfter]).reverse()).toEqual([
      ['GRANT', 300, 300],
      ['RESERVATION', -200, 100],
      ['CHARGE', 0, 100],
      ['REFUND', 50, 150],
      ['RESERVATION', -100, 50],
      ['REFUND', 100, 150],
    ])
  })

  it('rejects bad amounts, unknown users and reservations, over-charges; grants are idempotent by key', async () => {
    await newUser('c-bad', 100)
    for (const amount of [0, -5, 1.5, Number.NaN])
      await expect(credits.reserve('c-bad', amount, { reason: 'x' })).rejects.toMatchObject({
        code: 'INVALID_CREDIT_AMOUNT',
      })
    await expect(credits.reserve('c-bad', 101, { reason: 'x' })).rejects.toMatchObject({
      code: 'INSUFFICIENT_CREDITS',
      httpStatus: 402,
    })
    await expect(credits.reserve('nobody', 1, { reason: 'x' })).rejects.toMatchObject({ httpStatus: 404 })
    await expect(credits.charge('00000000-0000-4000-8000-000000000000')).rejects.toMatchObject({
      code: 'RESERVATION_NOT_FOUND',
    })
    await expect(credits.release('nope')).rejects.toMatchObject({ code: 'RESERVATION_NOT_FOUND' })
    const r = await credits.reserve('c-bad', 50, { reason: 'x' })
    await expect(credits.charge(r.id, { amount: 51 })).rejects.toMatchObject({
      code: 'INVALID_CREDIT_AMOUNT',
    })
    const twice = await Promise.all([
      credits.grant('c-bad', 10, { reason: 'gift', idempotencyKey: 'gift-1' }),
      credits.grant('c-bad', 10, { reason: 'gift', idempotencyKey: 'gift-1' }),
    ])
    expect(twice[0].id).toBe(twice[1].id)
    expect(await balanceOf('c-bad')).toBe(60)
  })
})

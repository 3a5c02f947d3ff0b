import { app as t, openTestDatabase, type Database } from '@loa/db'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createLedger, type Ledger } from './ledger.ts'
import { chargeReservation } from './reservations.ts'

let database: Database
let ledger: Ledger
const DAY = 86_400_000

const newUser = async (id: string, balance = 0, product: 'aivoice' | 'aidubbing' = 'aivoice') => {
  await database.db.insert(t.users).values({ id, affiliateCode: `AFF-${id}` })
  if (balance)
    await ledger.grant({ userId: id, product, amount: balance, reason: 'test grant', reference: 'test' })
}
const sumOfDeltas = async (id: string, product = 'aivoice') =>
  (await database.db.select().from(t.creditEntries).where(eq(t.creditEntries.userId, id)))
    .filter((e) => e.product === product)
    .reduce((s, e) => s + e.delta, 0)

beforeAll(async () => {
  database = await openTestDatabase()
  ledger = createLedger(database.db)
})
afterAll(() => database.close())

describe('credits ledger', () => {
  it('never goes negative under concurrent reservations', async () => {
    await newUser('c-race', 5_000)
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) =>
        ledger.reserve({
          userId: 'c-race',
          product: 'aivoice',
          amount: 400,
          reason: 'synthesis',
          reference: `job-${i}`,
        }),
      ),
    )
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(12)
    for (const r of results)
      if (r.status === 'rejected') expect((r.reason as { code: string }).code).toBe('INSUFFICIENT_CREDITS')
    expect(await ledger.balance('c-race', 'aivoice')).toBe(200)
    expect(await sumOfDeltas('c-race')).toBe(200)
  })

  it('charges or releases a reservation exactly once, refunding the unused part', async () => {
    await newUser('c-once', 1_000)
    const r = await ledger.reserve({ userId: 'c-once', product: 'aivoice', amount: 600, reason: 'synthesis' })
    expect(await ledger.balance('c-once', 'aivoice')).toBe(400)
    const settled = await Promise.allSettled([
      ledger.charge(r.id, { amount: 450 }),
      ledger.charge(r.id),
      ledger.release(r.id),
    ])
    expect(settled.filter((s) => s.status === 'fulfilled')).toHaveLength(1)
    for (const s of settled)
      if (s.status === 'rejected')
        expect((s.reason as { code: string }).code).toBe('RESERVATION_ALREADY_SETTLED')
    const balance = await ledger.balance('c-once', 'aivoice')
    expect([550, 400, 1_000]).toContain(balance)
    expect(await sumOfDeltas('c-once')).toBe(balance)
  })

  it('records grant, reservation, charge and refund entries with balance_after', async () => {
    await newUser('c-kinds', 0)
    await ledger.grant({
      userId: 'c-kinds',
      product: 'aivoice',
      amount: 300,
      reason: 'top-up',
      reference: 'order-1',
    })
    const r = await ledger.reserve({
      userId: 'c-kinds',
      product: 'aivoice',
      amount: 200,
      reason: 'synthesis',
    })
    await ledger.charge(r.id, { amount: 150 })
    const r2 = await ledger.reserve({
      userId: 'c-kinds',
      product: 'aivoice',
      amount: 100,
      reason: 'synthesis',
    })
    await ledger.release(r2.id)
    const { items } = await ledger.entries('c-kinds', { offset: 0, limit: 20 })
    expect(items.map((e) => [e.kind, e.delta, e.balanceAfter]).reverse()).toEqual([
      ['GRANT', 300, 300],
      ['RESERVATION', -200, 100],
      ['CHARGE', 0, 100],
      ['REFUND', 50, 150],
      ['RESERVATION', -100, 50],
      ['REFUND', 100, 150],
    ])
  })

  it('rejects bad amounts, unknown users, products and reservations; grants are idempotent by key', async () => {
    await newUser('c-bad', 100)
    const reserve = (amount: number, userId = 'c-bad') =>
      ledger.reserve({ userId, product: 'aivoice', amount, reason: 'x' })
    for (const amount of [0, -5, 1.5, Number.NaN])
      await expect(reserve(amount)).rejects.toMatchObject({ code: 'INVALID_CREDIT_AMOUNT' })
    await expect(reserve(101)).rejects.toMatchObject({ code: 'INSUFFICIENT_CREDITS', httpStatus: 402 })
    await expect(reserve(1, 'nobody')).rejects.toMatchObject({ httpStatus: 404 })
    await expect(
      ledger.reserve({ userId: 'c-bad', product: 'aiphone' as 'aivoice', amount: 1, reason: 'x' }),
    ).rejects.toMatchObject({ code: 'INVALID_WALLET_PRODUCT' })
    await expect(ledger.charge('00000000-0000-4000-8000-000000000000')).rejects.toMatchObject({
      code: 'RESERVATION_NOT_FOUND',
    })
    await expect(ledger.release('nope')).rejects.toMatchObject({ code: 'RESERVATION_NOT_FOUND' })
    const r = await reserve(50)
    await expect(ledger.charge(r.id, { amount: 51 })).rejects.toMatchObject({ code: 'INVALID_CREDIT_AMOUNT' })
    const gift = () =>
      ledger.grant({
        userId: 'c-bad',
        product: 'aivoice',
        amount: 10,
        reason: 'gift',
        idempotencyKey: 'gift-1',
      })
    const twice = await Promise.all([gift(), gift()])
    expect(twice[0].id).toBe(twice[1].id)
    expect(await ledger.balance('c-bad', 'aivoice')).toBe(60)
  })

  it('keeps one wallet per product: a dubbing reservation never touches studio credits', async () => {
    await newUser('c-wallets', 1_000)
    await ledger.grant({ userId: 'c-wallets', product: 'aidubbing', amount: 60, reason: 'trial' })
    await expect(
      ledger.reserve({ userId: 'c-wallets', product: 'aidubbing', amount: 61, reason: 'dub' }),
    ).rejects.toMatchObject({ code: 'INSUFFICIENT_CREDITS', details: { product: 'aidubbing', balance: 60 } })
    await ledger.reserve({ userId: 'c-wallets', product: 'aidubbing', amount: 60, reason: 'dub' })
    const wallets = await ledger.balances('c-wallets')
    expect(wallets.map((w) => [w.product, w.balance])).toEqual([
      ['aivoice', 1_000],
      ['aivoiceapi', 0],
      ['aidubbing', 0],
      ['aicall', 0],
    ])
  })

  it('grants inside the caller transaction: a rolled-back cause leaves no credits', async () => {
    await newUser('c-tx')
    await expect(
      database.db.transaction(async (tx) => {
        await ledger.grant({ tx, userId: 'c-tx', product: 'aivoice', amount: 500, reason: 'order paid' })
        throw new Error('the order update failed')
      }),
    ).rejects.toThrow('the order update failed')
    expect(await ledger.balance('c-tx', 'aivoice')).toBe(0)
    expect(await sumOfDeltas('c-tx')).toBe(0)
  })

  it('paid periods extend the expiry; lapsed credits cannot be reserved and expire with one entry', async () => {
    await newUser('c-exp')
    const soon = new Date(Date.now() + 1_000)
    const later = new Date(Date.now() + 30 * DAY)
    await ledger.grant({
      userId: 'c-exp',
      product: 'aivoice',
      amount: 100,
      reason: 'month',
      expiresAt: later,
    })
    await ledger.grant({ userId: 'c-exp', product: 'aivoice', amount: 50, reason: 'short', expiresAt: soon })
    expect((await ledger.balances('c-exp'))[0]!.expiresAt).toEqual(later)
    await newUser('c-lapse')
    const past = new Date(Date.now() - DAY)
    await ledger.grant({ userId: 'c-lapse', product: 'aivoice', amount: 70, reason: 'old', expiresAt: past })
    await expect(
      ledger.reserve({ userId: 'c-lapse', product: 'aivoice', amount: 1, reason: 'x' }),
    ).rejects.toMatchObject({ code: 'INSUFFICIENT_CREDITS', details: { balance: 0 } })
    expect(await ledger.balance('c-lapse', 'aivoice')).toBe(0)
    expect(await ledger.expireDue()).toBeGreaterThanOrEqual(1)
    expect(await ledger.expireDue()).toBe(0)
    const { items } = await ledger.entries('c-lapse', { offset: 0, limit: 5 })
    expect(items[0]).toMatchObject({ kind: 'EXPIRE', delta: -70, balanceAfter: 0 })
    // A top-up after the lapse does not inherit the old date.
    await ledger.grant({ userId: 'c-lapse', product: 'aivoice', amount: 5, reason: 'top-up' })
    expect(await ledger.balance('c-lapse', 'aivoice')).toBe(5)
  })

  it('operator adjustments need a reason and a key, never go below zero, and apply once', async () => {
    await newUser('c-adj', 100)
    const adjust = (delta: number, key: string, reason = 'support goodwill') =>
      ledger.adjust({
        userId: 'c-adj',
        product: 'aivoice',
        delta,
        reason,
        idempotencyKey: key,
        actor: 'admin-1',
      })
    await expect(adjust(10, 'k0', '  ')).rejects.toMatchObject({ httpStatus: 400 })
    await expect(adjust(0, 'k0')).rejects.toMatchObject({ code: 'INVALID_CREDIT_AMOUNT' })
    await expect(adjust(-101, 'k1')).rejects.toMatchObject({ code: 'CREDIT_ADJUSTMENT_TOO_LARGE' })
    const [a, b] = await Promise.all([adjust(25, 'k2'), adjust(25, 'k2')])
    expect(a.id).toBe(b.id)
    await adjust(-5, 'k3')
    expect(await ledger.balance('c-adj', 'aivoice')).toBe(120)
    expect(a).toMatchObject({ kind: 'ADJUST', actor: 'admin-1' })
  })

  it('revokes at most what is left, once', async () => {
    await newUser('c-rev', 300)
    const revoke = () =>
      ledger.revoke({
        userId: 'c-rev',
        product: 'aivoice',
        amount: 500,
        reason: 'refund',
        idempotencyKey: 'rev-1',
      })
    const first = await revoke()
    const again = await revoke()
    expect(first).toMatchObject({ kind: 'REVOKE', amount: 300, delta: -300, balanceAfter: 0 })
    expect(again.id).toBe(first.id)
    expect(await sumOfDeltas('c-rev')).toBe(0)
  })

  it('settles inside a transaction without throwing for settled reservations', async () => {
    await newUser('c-settle', 100)
    const r = await ledger.reserve({
      userId: 'c-settle',
      product: 'aivoice',
      amount: 80,
      reason: 'synthesis',
    })
    const outcomes = await Promise.all([
      database.db.transaction((tx) => chargeReservation(tx, r.id, 30, 'done')),
      database.db.transaction((tx) => chargeReservation(tx, r.id, 30, 'done')),
    ])
    expect(outcomes.sort()).toEqual(['already-settled', 'settled'])
    expect(await ledger.balance('c-settle', 'aivoice')).toBe(70)
  })
})

import { readdirSync } from 'node:fs'
import path from 'node:path'
import { app as t } from '@loa/db'
import { watchRequest } from '@loa/synthesis'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { renderContext, startSynthesisTestApi, type SynthesisTestApi } from './test-setup.ts'

const TEXT = 'Câu thứ nhất để kiểm tra. Câu thứ hai cũng vậy. Câu thứ ba kết thúc.'
const CHARS = [...TEXT].length

const entriesOf = async (api: SynthesisTestApi, reference: string) =>
  (await api.database.db.select().from(t.creditEntries).where(eq(t.creditEntries.reference, reference))).map(
    (e) => e.kind,
  )

describe('concurrency', () => {
  let api: SynthesisTestApi
  beforeAll(async () => {
    api = await startSynthesisTestApi()
  }, 60_000)
  afterAll(() => api?.close())

  it('parallel requests with credits for only some: exactly that many succeed, the rest get INSUFFICIENT_CREDITS', async () => {
    await api.setBalance('u-race', CHARS * 3 + 5)
    const token = await api.token('u-race')
    const results = await Promise.all(
      Array.from({ length: 8 }, () =>
        api.call({ method: 'POST', url: '/api/v1/synthesis', token, payload: { text: TEXT } }),
      ),
    )
    const accepted = results.filter((r) => r.statusCode === 200)
    const refused = results.filter((r) => r.statusCode !== 200)
    expect(accepted).toHaveLength(3)
    expect(refused).toHaveLength(5)
    for (const r of refused) {
      expect(r.statusCode).toBe(402)
      expect(r.json().error_code).toBe('INSUFFICIENT_CREDITS')
    }
    expect(await api.balance('u-race')).toBe(5)
    for (const r of accepted) {
      const done = await api.waitFinal(token, r.json().result.request_id)
      expect(done.status).toBe('SUCCESS')
    }
    // Identical texts: a later render may reuse sentences this user already paid for (not charged again);
    // whatever each request charged, the balance is exactly the start minus the charges.
    const rows = await api.database.db
      .select()
      .from(t.synthesisRequests)
      .where(eq(t.synthesisRequests.userId, 'u-race'))
    expect(rows).toHaveLength(3)
    const charged = rows.reduce((n, r) => n + (r.chargedCharacters ?? 0), 0)
    expect(await api.balance('u-race')).toBe(CHARS * 3 + 5 - charged)
    const reservations = await api.database.db
      .select()
      .from(t.creditReservations)
      .where(eq(t.creditReservations.userId, 'u-race'))
    expect(reservations.every((r) => r.status === 'CHARGED')).toBe(true)
  }, 90_000)
})

describe('jobs: cancellation, a job run twice, a job killed midway', () => {
  let api: SynthesisTestApi
  beforeAll(async () => {
    api = await startSynthesisTestApi({ runJobs: false })
  }, 60_000)
  afterAll(() => api?.close())

  const ctxFor = renderContext
  const handler = () => api.definitions.find((d) => d.name === 'synthesis.render')!.handler

  it('DELETE cancels a running request and releases its credits; a second DELETE deletes it', async () => {
    await api.setBalance('u-cancel', 500)
    const token = await api.token('u-cancel')
    const res = await api.call({ method: 'POST', url: '/api/v1/synthesis', token, payload: { text: TEXT } })
    const id = res.json().result.request_id
    expect(await api.balance('u-cancel')).toBe(500 - CHARS)
    const cancel = await api.call({ method: 'DELETE', url: `/api/v1/synthesis/${id}`, token })
    expect(cancel.json().result).toMatchObject({ cancelled: true, deleted: false })
    expect(await api.balance('u-cancel')).toBe(500)
    expect(
      (await api.call({ method: 'GET', url: `/api/v1/synthesis/${id}`, token })).json().result.status,
    ).toBe('CANCELLED')
    expect((await api.queue.getJob(id))?.state).toBe('cancelled')
    // A worker that still picks it up only reconciles: nothing is charged.
    expect(await handler()({ requestId: id }, ctxFor(id))).toMatchObject({ outcome: 'CANCELLED' })
    expect(await api.balance('u-cancel')).toBe(500)
    expect((await entriesOf(api, id)).sort()).toEqual(['REFUND', 'RESERVATION'])
    const del = await api.call({ method: 'DELETE', url: `/api/v1/synthesis/${id}`, token })
    expect(del.json().result).toMatchObject({ cancelled: false, deleted: true })
  })

  it('a job run twice at once (two workers) succeeds once and charges once', async () => {
    await api.setBalance('u-twice', 500)
    const token = await api.token('u-twice')
    const res = await api.call({
      method: 'POST',
      url: '/api/v1/synthesis',
      token,
      payload: { text: 'Hai tiến trình cùng chạy một việc. Chỉ một lần trừ tiền.' },
    })
    const id = res.json().result.request_id
    const characters = res.json().result.characters
    const outcomes = await Promise.all([
      handler()({ requestId: id }, ctxFor(id)),
      handler()({ requestId: id }, ctxFor(id)),
    ])
    expect(outcomes.map((o: { outcome: string }) => o.outcome)).toContain('SUCCESS')
    expect(await api.balance('u-twice')).toBe(500 - characters)
    expect((await entriesOf(api, id)).sort()).toEqual(['CHARGE', 'RESERVATION'])
    // And once more after the fact (a retried job): still one charge.
    await handler()({ requestId: id }, ctxFor(id, { attempt: 2 }))
    expect((await entriesOf(api, id)).sort()).toEqual(['CHARGE', 'RESERVATION'])
  }, 60_000)

  it('a job killed midway keeps its rendered sentences (persistent cache) and finishes once on retry', async () => {
    await api.setBalance('u-kill', 1_000)
    const token = await api.token('u-kill')
    const text = Array.from({ length: 6 }, (_, i) => `Đây là câu số ${i + 1} của một bài khá dài.`).join(' ')
    const res = await api.call({ method: 'POST', url: '/api/v1/synthesis', token, payload: { text } })
    const id = res.json().result.request_id
    const controller = new AbortController()
    // The worker dies as soon as it has reported the first progress (some sentences rendered, not all).
    const killer = (async () => {
      for await (const state of watchRequest(api.database, id, { signal: controller.signal }))
        if (state.progress > 0) return controller.abort()
    })()
    await expect(handler()({ requestId: id }, ctxFor(id, { signal: controller.signal }))).rejects.toThrow()
    await killer
    const [row] = await api.database.db
      .select()
      .from(t.synthesisRequests)
      .where(eq(t.synthesisRequests.id, id))
    expect(row!.status).toBe('IN_PROGRESS')
    const [held] = await api.database.db
      .select()
      .from(t.creditReservations)
      .where(and(eq(t.creditReservations.reference, id), eq(t.creditReservations.status, 'HELD')))
    expect(held).toBeDefined()
    const cached = readdirSync(path.join(api.filesDir, 'tts-cache'), { recursive: true }).filter((f) =>
      /^[0-9a-f]{64}$/.test(path.basename(String(f))),
    )
    expect(cached.length).toBeGreaterThan(0)
    // The retry (through the queue this time) finishes it, reusing what was rendered, charging once.
    await api.queue.enqueue('synthesis.render', { requestId: id }, { jobId: id })
    await api.startJobs(1)
    const done = await api.waitFinal(token, id)
    expect(done.status).toBe('SUCCESS')
    expect(done.cache_hits as number).toBeGreaterThan(0)
    expect(await api.balance('u-kill')).toBe(1_000 - res.json().result.characters)
    expect((await entriesOf(api, id)).sort()).toEqual(['CHARGE', 'RESERVATION'])
  }, 60_000)
})

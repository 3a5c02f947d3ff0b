import { app as t, openTestDatabase, type Database } from '@loa/db'
import { createInProcessQueue, defineJob, type Queue } from '@loa/jobs'
import type { FastifyInstance } from 'fastify'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { buildApiApp } from '../../app.ts'
import { loadApiConfig } from '../../config.ts'
import { createTestSso, ISSUER } from '../../test/harness.ts'

let database: Database
let queue: Queue
let app: FastifyInstance
let admin: string
let healed = false

const fragile = defineJob({
  name: 'test.admin-fragile',
  version: 1,
  schema: z.object({}),
  retries: 0,
  handler: async () => {
    if (!healed) throw new Error('upstream down')
    return 'ok'
  },
})

beforeAll(async () => {
  database = await openTestDatabase()
  queue = createInProcessQueue({ database, pollMs: 50 })
  const sso = await createTestSso()
  const config = loadApiConfig({ SSO_PUBLIC_URL: ISSUER, DATA_DIR: '/nonexistent' })
  app = await buildApiApp({ config, database, queue, jwks: sso.jwks })
  admin = await sso.sign({
    sub: 'u-ops',
    email: 'ops@loa.vn',
    resource_access: { 'loa-api': { roles: ['admin'] } },
  })
  await queue.start([fragile], { concurrency: 1 })
})
afterAll(async () => {
  await app.close()
  await queue.close()
  await database.close()
})

const call = (method: 'GET' | 'POST', url: string, payload?: unknown) =>
  app.inject({
    method,
    url: `/api/v1/admin${url}`,
    headers: { authorization: `Bearer ${admin}` },
    payload: payload as object,
  })

const settled = async (id: string, states: string[]) => {
  await expect
    .poll(async () => (await queue.getJob(id))?.state, { timeout: 20_000 })
    .toSatisfy((s) => states.includes(String(s)))
}

describe('jobs in the back-office', () => {
  it('lists a failed job, runs it again (audited), and cancels a waiting one', async () => {
    const job = await queue.enqueue('test.admin-fragile', {})
    await settled(job.id, ['failed'])
    const failed = (await call('GET', '/jobs?kind=failed')).json().result
    expect(failed.adapter).toBe('in-process')
    expect(failed.items.find((j: { id: string }) => j.id === job.id)).toMatchObject({
      error: 'upstream down',
    })

    healed = true
    const retried = await call('POST', `/jobs/${job.id}/retry`, { reason: 'Nhà cung cấp đã hoạt động lại' })
    expect(retried.statusCode).toBe(200)
    await settled(job.id, ['completed'])
    expect((await call('POST', `/jobs/${job.id}/retry`, { reason: 'lần hai' })).json().error_code).toBe(
      'JOB_STATE_CONFLICT',
    )
    expect((await call('POST', '/jobs/nope/retry', { reason: 'không có' })).json().error_code).toBe(
      'JOB_NOT_FOUND',
    )

    const later = await queue.enqueue('test.admin-fragile', {}, { delayMs: 600_000 })
    const cancelled = await call('POST', `/jobs/${later.id}/cancel`, { reason: 'Không cần nữa' })
    expect(cancelled.json().result).toEqual({ id: later.id, state: 'cancelled' })

    const audit = await database.db.select().from(t.auditLog).where(eq(t.auditLog.targetType, 'job'))
    expect(audit.map((a) => a.action).sort()).toEqual(['job.cancel', 'job.retry'])
  })
})

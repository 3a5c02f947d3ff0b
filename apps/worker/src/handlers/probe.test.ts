import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openTestDatabase, queue as queueTables, type Database } from '@loa/db'
import { createInProcessQueue, type JobContext } from '@loa/jobs'
import { createLocalStorage } from '@loa/storage'
import { loadWorkerConfig } from '../config.ts'
import { probeHandlers, probeJobSpec, workerIdentity } from './probe.ts'

let database: Database

beforeAll(async () => {
  database = await openTestDatabase({ seed: false })
})
afterAll(async () => {
  await database.close()
})

const context = (jobId: string, attempt: number): JobContext => ({
  jobId,
  name: probeJobSpec.name,
  version: 1,
  attempt,
  maxAttempts: 4,
  signal: new AbortController().signal,
  progress: async () => undefined,
  log: { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined },
})

describe('system.probe (the reference idempotent handler)', () => {
  const build = () => {
    const queue = createInProcessQueue({ database, pollMs: 50 })
    const storage = createLocalStorage({
      root: '/nonexistent-unused',
      signingSecret: 'unused-secret-0123456789',
      publicBaseUrl: 'http://localhost:4000/api/v1/files',
    })
    const [probe] = probeHandlers({ config: loadWorkerConfig({}), database, storage, queue })
    return { queue, probe: probe! }
  }

  it('applies its effect once when the same job id runs twice', async () => {
    const { queue, probe } = build()
    const first = await probe.handler({ workMs: 0 }, context('probe-twice', 1))
    const second = await probe.handler({ workMs: 0 }, context('probe-twice', 2))
    expect(first).toEqual({ worker: workerIdentity(), alreadyDone: false })
    expect(second).toEqual({ worker: workerIdentity(), alreadyDone: true })
    const [row] = await database.db
      .select()
      .from(queueTables.probeResults)
      .where(eq(queueTables.probeResults.jobId, 'probe-twice'))
    expect(row).toMatchObject({ starts: 2, completions: 1 })
    await queue.close()
  })

  it('runs through the embedded queue with progress', async () => {
    const { queue, probe } = build()
    await queue.start([probe], { concurrency: 1 })
    const job = await queue.enqueue(probeJobSpec, { workMs: 300 }, { jobId: 'probe-queued' })
    await expect
      .poll(async () => (await queue.getJob(job.id))?.state, { timeout: 20_000, interval: 50 })
      .toBe('completed')
    const done = await queue.getJob(job.id)
    expect(done?.progress).toEqual({ percent: 100, worker: workerIdentity() })
    expect(done?.result).toEqual({ worker: workerIdentity(), alreadyDone: false })
    await expect(queue.enqueue(probeJobSpec, { workMs: -1 })).rejects.toMatchObject({
      code: 'JOB_PAYLOAD_INVALID',
    })
    await queue.close()
  })
})

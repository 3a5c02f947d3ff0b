import { setTimeout as sleep } from 'node:timers/promises'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { z } from 'zod'
import {
  JobErrorCode,
  UnrecoverableJobError,
  defineJob,
  type JobInfo,
  type Queue,
  type QueueEvent,
} from '../src/index.ts'

/** Waits until the job reaches one of `states` (polling the queue's own `getJob`). */
export const waitForState = async (
  queue: Queue,
  id: string,
  states: JobInfo['state'][],
  timeoutMs = 20_000,
): Promise<JobInfo> => {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const job = await queue.getJob(id)
    if (job && states.includes(job.state)) return job
    if (Date.now() > deadline)
      throw new Error(`job ${id} did not reach ${states.join('|')}: ${JSON.stringify(job)}`)
    await sleep(25)
  }
}

/**
 * The behaviour every queue adapter must have. `make` builds a fresh, isolated queue; `cleanup` releases
 * whatever `make` opened besides the queue.
 */
export const queueContract = (label: string, make: () => Promise<Queue>, cleanup: () => Promise<void>) => {
  describe(`queue contract: ${label}`, () => {
    let queue: Queue
    const effects = new Map<string, number>()
    const addOne = defineJob({
      name: 'test.add-one',
      version: 1,
      schema: z.object({ n: z.number().int() }),
      retries: 0,
      handler: async ({ n }, ctx) => {
        await ctx.progress(50)
        effects.set(ctx.jobId, (effects.get(ctx.jobId) ?? 0) + 1)
        return { value: n + 1 }
      },
    })

    beforeEach(async () => {
      effects.clear()
      queue = await make()
    })
    afterEach(async () => {
      await queue.close()
      await cleanup()
    })

    it('runs a job and exposes its state, progress and result', async () => {
      const seen: QueueEvent['type'][] = []
      queue.onEvent((e) => seen.push(e.type))
      await queue.start([addOne], { concurrency: 2 })
      const job = await queue.enqueue('test.add-one', { n: 41 })
      expect(job.state).toBe('waiting')
      const done = await waitForState(queue, job.id, ['completed', 'failed'])
      expect(done).toMatchObject({
        state: 'completed',
        result: { value: 42 },
        attempts: 1,
        name: 'test.add-one',
      })
      expect(done.progress).toBe(50)
      await expect.poll(() => seen.includes('completed'), { timeout: 5_000 }).toBe(true)
      expect(seen).toContain('progress')
    })

    it('treats the job id as an idempotency key', async () => {
      queue.register([addOne])
      const a = await queue.enqueue('test.add-one', { n: 1 }, { jobId: 'order-17' })
      const b = await queue.enqueue('test.add-one', { n: 99 }, { jobId: 'order-17' })
      expect(b.id).toBe(a.id)
      expect(b.payload).toEqual({ n: 1 })
      await queue.start([], { concurrency: 2 })
      await waitForState(queue, 'order-17', ['completed'])
      await sleep(200)
      expect(effects.get('order-17')).toBe(1)
    })

    it('rejects bad input with stable codes', async () => {
      queue.register([addOne])
      await expect(queue.enqueue('test.add-one', { n: 'x' })).rejects.toMatchObject({
        code: JobErrorCode.JOB_PAYLOAD_INVALID,
      })
      await expect(queue.enqueue('test.nope', {})).rejects.toMatchObject({ code: JobErrorCode.JOB_UNKNOWN })
      await expect(queue.enqueue('test.add-one', { n: 1 }, { jobId: 'a:b' })).rejects.toMatchObject({
        code: JobErrorCode.JOB_ID_INVALID,
      })
      await expect(queue.enqueue('test.add-one', { n: 1 }, { priority: -1 })).rejects.toMatchObject({
        code: JobErrorCode.JOB_OPTIONS_INVALID,
      })
      expect(await queue.getJob('missing-job')).toBeNull()
    })

    it('retries a failing job with backoff, then succeeds', async () => {
      const started: number[] = []
      const flaky = defineJob({
        name: 'test.flaky',
        version: 1,
        schema: z.object({}),
        retries: 3,
        backoff: { type: 'exponential', delayMs: 100 },
        handler: async (_p, ctx) => {
          started.push(Date.now())
          if (ctx.attempt < 3) throw new Error(`boom ${ctx.attempt}`)
          return 'ok'
        },
      })
      await queue.start([flaky], { concurrency: 1 })
      const job = await queue.enqueue('test.flaky', {})
      const done = await waitForState(queue, job.id, ['completed', 'failed'])
      expect(done).toMatchObject({ state: 'completed', attempts: 3, result: 'ok' })
      expect(started).toHaveLength(3)
      // exponential: ≥100 ms before the 2nd attempt, ≥200 ms before the 3rd
      expect(started[1]! - started[0]!).toBeGreaterThanOrEqual(90)
      expect(started[2]! - started[1]!).toBeGreaterThanOrEqual(190)
    })

    it('fails after the last retry, and at once on an unrecoverable error', async () => {
      const always = defineJob({
        name: 'test.always-fails',
        version: 1,
        schema: z.object({ fatal: z.boolean() }),
        retries: 1,
        backoff: { type: 'fixed', delayMs: 10 },
        handler: async ({ fatal }) => {
          if (fatal) throw new UnrecoverableJobError('bad input, do not retry')
          throw new Error('still broken')
        },
      })
      await queue.start([always], { concurrency: 2 })
      const a = await queue.enqueue('test.always-fails', { fatal: false })
      const b = await queue.enqueue('test.always-fails', { fatal: true })
      const failedA = await waitForState(queue, a.id, ['failed'])
      const failedB = await waitForState(queue, b.id, ['failed'])
      expect(failedA).toMatchObject({ attempts: 2, error: 'still broken' })
      expect(failedB.attempts).toBe(1)
      expect(failedB.error).toContain('bad input')
    })

    it('lists failed jobs for an operator and runs one again from its first attempt', async () => {
      let healed = false
      const fragile = defineJob({
        name: 'test.fragile',
        version: 1,
        schema: z.object({}),
        retries: 0,
        handler: async () => {
          if (!healed) throw new Error('upstream down')
          return 'ok'
        },
      })
      await queue.start([fragile], { concurrency: 1 })
      const job = await queue.enqueue('test.fragile', {})
      await waitForState(queue, job.id, ['failed'])
      // Other tests' failed jobs may share the store: look for this one.
      const failedIds = async () =>
        (await queue.listJobs('failed', { offset: 0, limit: 100 })).items.map((j) => j.id)
      const failed = await queue.listJobs('failed', { offset: 0, limit: 100 })
      expect(failed.total).toBeGreaterThanOrEqual(1)
      expect(failed.items.find((j) => j.id === job.id)).toMatchObject({
        state: 'failed',
        error: 'upstream down',
      })
      expect((await queue.listJobs('stuck', { offset: 0, limit: 10 })).items.map((j) => j.id)).not.toContain(
        job.id,
      )
      healed = true
      expect(await queue.retry(job.id)).toBe(true)
      expect(await waitForState(queue, job.id, ['completed'])).toMatchObject({ result: 'ok' })
      expect(await queue.retry(job.id)).toBe(false)
      expect(await queue.retry('missing-job')).toBe(false)
      expect(await failedIds()).not.toContain(job.id)
    })

    it('cancels a waiting job and signals an active one', async () => {
      let sawAbort = false
      const slow = defineJob({
        name: 'test.slow',
        version: 1,
        schema: z.object({}),
        retries: 0,
        handler: async (_p, ctx) => {
          await ctx.progress(1)
          await new Promise<void>((resolve) => ctx.signal.addEventListener('abort', () => resolve()))
          sawAbort = true
          throw new Error('aborted')
        },
      })
      queue.register([slow])
      const later = await queue.enqueue('test.slow', {}, { delayMs: 60_000 })
      expect(await queue.cancel(later.id)).toBe(true)
      expect((await queue.getJob(later.id))?.state).toBe('cancelled')
      await queue.start([], { concurrency: 1 })
      const running = await queue.enqueue('test.slow', {})
      await waitForState(queue, running.id, ['active'])
      await expect.poll(async () => (await queue.getJob(running.id))?.progress, { timeout: 10_000 }).toBe(1)
      expect(await queue.cancel(running.id)).toBe(true)
      await expect.poll(() => sawAbort, { timeout: 10_000 }).toBe(true)
      const final = await waitForState(queue, running.id, ['cancelled'])
      expect(final.state).toBe('cancelled')
      expect(await queue.cancel(running.id)).toBe(false)
    })

    it('runs higher priority first and honours delays', async () => {
      const order: string[] = []
      const record = defineJob({
        name: 'test.record',
        version: 1,
        schema: z.object({ tag: z.string() }),
        retries: 0,
        handler: async ({ tag }) => {
          order.push(tag)
        },
      })
      queue.register([record])
      await queue.enqueue('test.record', { tag: 'delayed' }, { delayMs: 700 })
      await queue.enqueue('test.record', { tag: 'low' }, { priority: 0 })
      await queue.enqueue('test.record', { tag: 'high' }, { priority: 10 })
      await queue.start([], { concurrency: 1 })
      await expect.poll(() => order.length, { timeout: 10_000 }).toBe(3)
      expect(order).toEqual(['high', 'low', 'delayed'])
    })

    it('runs jobs concurrently and drains in-flight jobs on close', async () => {
      let running = 0
      let peak = 0
      const finished: string[] = []
      // Jobs hold until released (not a fixed sleep), so a slow pick-up of the second job on a loaded machine
      // cannot let the first one finish before the second starts.
      let release!: () => void
      const gate = new Promise<void>((resolve) => (release = resolve))
      const wait = defineJob({
        name: 'test.wait',
        version: 1,
        schema: z.object({ ms: z.number() }),
        retries: 0,
        handler: async ({ ms }, ctx) => {
          running++
          peak = Math.max(peak, running)
          await gate
          await sleep(ms)
          running--
          finished.push(ctx.jobId)
        },
      })
      await queue.start([wait], { concurrency: 2 })
      const a = await queue.enqueue('test.wait', { ms: 200 })
      const b = await queue.enqueue('test.wait', { ms: 200 })
      let closing: Promise<unknown> | undefined
      let closed = false
      try {
        await waitForState(queue, a.id, ['active'])
        await waitForState(queue, b.id, ['active'])
        // 'active' is written when a job is claimed, a moment before its handler runs: wait for both handlers.
        await expect.poll(() => peak, { timeout: 5_000 }).toBe(2)
        closing = queue.close().then(() => (closed = true)) // must wait for both
        await sleep(100)
        expect(closed).toBe(false)
      } finally {
        release()
      }
      await closing
      expect(finished.sort()).toEqual([a.id, b.id].sort())
      queue = await make()
      expect((await queue.getJob(a.id))?.state).toBe('completed')
    })
  })
}

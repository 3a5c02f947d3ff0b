import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { defineJob } from './define.ts'
import { JobError, JobErrorCode, UnrecoverableJobError } from './errors.ts'
import { silentLogger } from './events.ts'
import { executeJob, timedOut, type JobAttempt } from './execute.ts'
import { JobRegistry } from './registry.ts'
import type { JobContext } from './types.ts'

const seen: JobContext[] = []
const double = defineJob({
  name: 'test.double',
  version: 2,
  schema: z.object({ n: z.number() }),
  handler: async ({ n }, ctx) => {
    seen.push(ctx)
    return n === 0 ? undefined : n * 2
  },
})
const registry = new JobRegistry()
registry.register([double])
const attempt = (over: Partial<JobAttempt> = {}): JobAttempt => ({
  id: 'job-1',
  name: 'test.double',
  version: 2,
  payload: { n: 21 },
  attempt: 2,
  maxAttempts: 4,
  ...over,
})
const context = { signal: new AbortController().signal, log: silentLogger, progress: async () => undefined }

describe('executeJob (the one attempt runner of both adapters)', () => {
  it('calls the handler with the parsed payload and the attempt in its context', async () => {
    await expect(executeJob(registry, attempt(), context)).resolves.toBe(42)
    expect(seen.at(-1)).toMatchObject({
      jobId: 'job-1',
      name: 'test.double',
      version: 2,
      attempt: 2,
      maxAttempts: 4,
    })
    await expect(
      executeJob(registry, attempt({ payload: { n: 0 }, version: 1 }), context),
    ).resolves.toBeNull()
  })

  it('fails at once on an unknown job or a payload that does not match', async () => {
    const unknown = executeJob(registry, attempt({ name: 'test.gone' }), context)
    await expect(unknown).rejects.toBeInstanceOf(UnrecoverableJobError)
    await expect(unknown).rejects.toThrow(/^JOB_UNKNOWN: /)
    const invalid = executeJob(registry, attempt({ payload: { n: 'x' } }), context)
    await expect(invalid).rejects.toBeInstanceOf(UnrecoverableJobError)
    await expect(invalid).rejects.toThrow(/^JOB_PAYLOAD_INVALID: /)
  })

  it('leaves a job of a newer version to be retried (a newer worker may run it)', async () => {
    const newer = executeJob(registry, attempt({ version: 3 }), context)
    await expect(newer).rejects.toBeInstanceOf(JobError)
    await expect(newer).rejects.toMatchObject({ code: JobErrorCode.JOB_VERSION_UNSUPPORTED })
    await expect(newer).rejects.not.toBeInstanceOf(UnrecoverableJobError)
  })
})

describe('timedOut', () => {
  it('says whether the work outlasted the time', async () => {
    await expect(timedOut(Promise.resolve(), 1_000)).resolves.toBe(false)
    await expect(timedOut(new Promise(() => undefined), 10)).resolves.toBe(true)
  })
})

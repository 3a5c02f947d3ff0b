import { JobErrorCode, JobError, UnrecoverableJobError, errorMessage } from './errors.ts'
import { jobDuration, jobFailures, jobTakeovers } from './metrics.ts'
import type { JobRegistry } from './registry.ts'
import type { JobContext } from './types.ts'

/** One attempt of a stored job, as an adapter read it. */
export interface JobAttempt {
  id: string
  name: string
  /** The version the job was enqueued with. */
  version: number
  /** The stored payload, not validated yet. */
  payload: unknown
  /** 1 for the first attempt. */
  attempt: number
  maxAttempts: number
  /** Who runs it (`host:pid` or the runner's id), for the per-job log line. */
  worker?: string
  /** Claimed from a worker that stopped renewing its lease (killed or stalled). */
  takeover?: boolean
}

/**
 * Runs one attempt of a job: finds its handler, checks the stored version and payload against it, then calls it.
 * Both adapters run every attempt through here; they differ only in how they claim the job and store the outcome.
 *
 * Throws `UnrecoverableJobError` (fail at once) when no handler is registered or the payload does not match the
 * schema, and a retryable `JobError` (`JOB_VERSION_UNSUPPORTED`) when the job was enqueued by a newer version
 * (a newer worker may pick it up). Every message starts with the error code. Resolves to the handler's result, or
 * `null` when it returns nothing. Every attempt starts with one structured log line (`job attempt started`: jobId,
 * job, attempt, worker, takeover) and ends with another (`job attempt finished`: the same and durationMs, outcome)
 * and the job metrics (duration, failures, takeovers).
 */
export const executeJob = async (
  registry: JobRegistry,
  job: JobAttempt,
  context: Pick<JobContext, 'signal' | 'progress' | 'log'>,
): Promise<unknown> => {
  const started = performance.now()
  if (job.takeover) jobTakeovers.inc({ job: job.name })
  const line = {
    jobId: job.id,
    job: job.name,
    attempt: job.attempt,
    maxAttempts: job.maxAttempts,
    worker: job.worker,
    takeover: job.takeover ?? false,
  }
  // Logged when the attempt begins, not only when it ends: an operator (and the scale-mode test) sees which worker
  // holds a job while it runs, and a takeover from a dead worker as it happens.
  context.log.info(line, 'job attempt started')
  try {
    const result = await runAttempt(registry, job, context)
    const durationMs = Math.round(performance.now() - started)
    jobDuration.observe({ job: job.name, outcome: 'completed' }, durationMs / 1000)
    context.log.info({ ...line, durationMs, outcome: 'completed' }, 'job attempt finished')
    return result
  } catch (error) {
    const durationMs = Math.round(performance.now() - started)
    const final = error instanceof UnrecoverableJobError || job.attempt >= job.maxAttempts
    jobDuration.observe({ job: job.name, outcome: 'failed' }, durationMs / 1000)
    jobFailures.inc({ job: job.name, final: String(final) })
    context.log.warn(
      { ...line, durationMs, outcome: 'failed', final, error: errorMessage(error) },
      'job attempt finished',
    )
    throw error
  }
}

const runAttempt = async (
  registry: JobRegistry,
  job: JobAttempt,
  context: Pick<JobContext, 'signal' | 'progress' | 'log'>,
): Promise<unknown> => {
  const definition = registry.handler(job.name)
  if (!definition)
    throw new UnrecoverableJobError(`${JobErrorCode.JOB_UNKNOWN}: no handler for job '${job.name}'`)
  if (job.version > definition.version)
    throw new JobError(
      JobErrorCode.JOB_VERSION_UNSUPPORTED,
      `${JobErrorCode.JOB_VERSION_UNSUPPORTED}: job version ${job.version} is newer than this worker's ${definition.version}`,
    )
  const parsed = definition.schema.safeParse(job.payload)
  if (!parsed.success)
    throw new UnrecoverableJobError(
      `${JobErrorCode.JOB_PAYLOAD_INVALID}: ${parsed.error.issues[0]?.message ?? 'schema mismatch'}`,
    )
  const result: unknown = await definition.handler(parsed.data, {
    jobId: job.id,
    name: job.name,
    version: job.version,
    attempt: job.attempt,
    maxAttempts: job.maxAttempts,
    ...context,
  })
  return result ?? null
}

/** Waits for `done` at most `timeoutMs`; resolves to true when the time ran out first (graceful close). */
export const timedOut = async (done: Promise<unknown>, timeoutMs: number): Promise<boolean> => {
  let timer: NodeJS.Timeout | undefined
  const outcome = await Promise.race([
    done.then(() => false),
    new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(true), timeoutMs))),
  ])
  clearTimeout(timer)
  return outcome
}

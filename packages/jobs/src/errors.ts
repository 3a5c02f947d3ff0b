/** Stable error codes of the job system. */
export const JobErrorCode = {
  JOB_UNKNOWN: 'JOB_UNKNOWN',
  JOB_PAYLOAD_INVALID: 'JOB_PAYLOAD_INVALID',
  JOB_ID_INVALID: 'JOB_ID_INVALID',
  JOB_OPTIONS_INVALID: 'JOB_OPTIONS_INVALID',
  JOB_VERSION_UNSUPPORTED: 'JOB_VERSION_UNSUPPORTED',
  JOB_CANCELLED: 'JOB_CANCELLED',
  QUEUE_CLOSED: 'QUEUE_CLOSED',
  /** The queue's store (Redis) is not reachable: nothing was enqueued; try again later. */
  QUEUE_UNAVAILABLE: 'QUEUE_UNAVAILABLE',
} as const
export type JobErrorCode = (typeof JobErrorCode)[keyof typeof JobErrorCode]

export class JobError extends Error {
  constructor(
    readonly code: JobErrorCode,
    message: string,
    readonly details?: unknown,
  ) {
    super(message)
    this.name = 'JobError'
  }
}

/** Throw from a handler to fail the job at once, without retries (bad input that will never succeed). */
export class UnrecoverableJobError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'UnrecoverableJobError'
  }
}

export const errorMessage = (error: unknown): string =>
  error instanceof Error ? error.message : String(error)

/** Thrown by `enqueue` and `start` once `close()` was called. */
export const queueClosedError = (): JobError => new JobError(JobErrorCode.QUEUE_CLOSED, 'the queue is closed')

/** Enqueuing an id that is stored already returns that job, unless the stored job has another name. */
export const assertSameJob = (jobId: string, storedName: string, name: string): void => {
  if (storedName !== name)
    throw new JobError(
      JobErrorCode.JOB_ID_INVALID,
      `job id '${jobId}' is already used by job '${storedName}'`,
    )
}

/** Thrown by `enqueue` and `ping` while the backing store does not answer (never queued for later). */
export const queueUnavailableError = (reason: string): JobError =>
  new JobError(JobErrorCode.QUEUE_UNAVAILABLE, `${JobErrorCode.QUEUE_UNAVAILABLE}: ${reason}`)

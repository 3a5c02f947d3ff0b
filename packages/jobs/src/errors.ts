/** Stable error codes of the job system. */
export const JobErrorCode = {
  JOB_UNKNOWN: 'JOB_UNKNOWN',
  JOB_PAYLOAD_INVALID: 'JOB_PAYLOAD_INVALID',
  JOB_ID_INVALID: 'JOB_ID_INVALID',
  JOB_OPTIONS_INVALID: 'JOB_OPTIONS_INVALID',
  JOB_VERSION_UNSUPPORTED: 'JOB_VERSION_UNSUPPORTED',
  JOB_CANCELLED: 'JOB_CANCELLED',
  QUEUE_CLOSED: 'QUEUE_CLOSED',
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

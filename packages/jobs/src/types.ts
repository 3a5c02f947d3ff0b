import type { z } from 'zod'

export type JobState = 'waiting' | 'active' | 'completed' | 'failed' | 'cancelled'

/** A progress report: a percentage (0–100) or any JSON object (e.g. `{ percent, stage }`). */
export type JobProgress = number | Record<string, unknown>

export interface BackoffOptions {
  type: 'exponential' | 'fixed'
  /** First retry delay; exponential doubles it for each further attempt. */
  delayMs: number
}

/**
 * What a producer needs to know about a job: its name, version, payload schema and retry policy.
 * Producers (the api) and consumers (the worker) share the spec; only the worker adds the handler.
 */
export interface JobSpec<S extends z.ZodType = z.ZodType> {
  name: string
  version: number
  schema: S
  /** Retries after the first attempt (default 3, so at most 4 attempts). */
  retries?: number
  backoff?: BackoffOptions
}

/** Minimal structured logger (pino-compatible). */
export interface JobLogger {
  debug: (obj: object, msg?: string) => void
  info: (obj: object, msg?: string) => void
  warn: (obj: object, msg?: string) => void
  error: (obj: object, msg?: string) => void
}

export interface JobContext {
  /** The job id — the idempotency key: a handler must make running the same id twice harmless. */
  jobId: string
  name: string
  /** Version the job was enqueued with. */
  version: number
  /** 1 for the first attempt. */
  attempt: number
  maxAttempts: number
  /** Aborted when the job is cancelled or the process shuts down past its drain timeout. */
  signal: AbortSignal
  progress: (value: JobProgress) => Promise<void>
  log: JobLogger
}

/**
 * A job is data: name, version, zod schema of its payload, and an idempotent handler.
 *
 * Contract for handlers: **the job id is an idempotency key**. A job may run more than once (a worker
 * died mid-job, a lease expired, a retry after a failure that happened after the side effect), so a
 * handler must check what it already did (by job id or by a natural key) before doing it again, and
 * write its outcome in one step (a transaction, an upsert, an object put under a deterministic key).
 * Heavy CPU work (synthesis, encoding) belongs on a worker-thread pool, never on the queue's thread.
 */
export interface JobDefinition<S extends z.ZodType = z.ZodType, R = unknown> extends JobSpec<S> {
  handler: (payload: z.output<S>, ctx: JobContext) => Promise<R>
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyJobDefinition = JobDefinition<any, any>
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyJobSpec = JobSpec<any>

export interface EnqueueOptions {
  /** Idempotency key: enqueuing an id that already exists returns the existing job, never a second one. */
  jobId?: string
  /** Run no earlier than this many milliseconds from now. */
  delayMs?: number
  /** Higher runs first (0–1000, default 0). */
  priority?: number
}

export interface JobInfo {
  id: string
  name: string
  version: number
  state: JobState
  payload: unknown
  attempts: number
  maxAttempts: number
  progress: JobProgress | null
  result: unknown
  error: string | null
  createdAt: Date | null
  finishedAt: Date | null
}

export type QueueEvent =
  | { type: 'enqueued'; jobId: string; name: string }
  | { type: 'active'; jobId: string; name: string; attempt: number }
  | { type: 'progress'; jobId: string; name: string; progress: JobProgress }
  | { type: 'completed'; jobId: string; name: string; result: unknown }
  | { type: 'retrying'; jobId: string; name: string; attempt: number; error: string; delayMs: number }
  | { type: 'failed'; jobId: string; name: string; error: string }
  | { type: 'cancelled'; jobId: string; name: string }

export interface StartOptions {
  /** Jobs run at once by this process (default 2). */
  concurrency?: number
}

/** What an operator looks at: failed jobs, and stuck ones (active past their lease, or waiting long past due). */
export type JobListKind = 'failed' | 'stuck'
export interface JobPage {
  total: number
  items: JobInfo[]
}
/** A job still waiting this long after its run time counts as stuck (no worker is taking jobs). */
export const STUCK_WAITING_MS = 10 * 60_000

/** What `/metrics` reads from a queue at scrape time. */
export interface QueueStats {
  counts: { waiting: number; active: number; failed: number }
  /** Seconds the oldest due, waiting job has waited (0 when none). */
  oldestWaitingSeconds: number
}

export interface Queue {
  readonly kind: 'in-process' | 'bullmq'
  /** Makes specs/definitions known: payloads are validated at enqueue; definitions with handlers can run. */
  register: (definitions: readonly (AnyJobSpec | AnyJobDefinition)[]) => void
  /** Validates the payload and stores the job. Throws JobError JOB_UNKNOWN / JOB_PAYLOAD_INVALID / JOB_ID_INVALID. */
  enqueue: (name: string | AnyJobSpec, payload: unknown, options?: EnqueueOptions) => Promise<JobInfo>
  getJob: (id: string) => Promise<JobInfo | null>
  /** Cancels a waiting job, or signals an active one to stop. False if the job is finished or unknown. */
  cancel: (id: string) => Promise<boolean>
  /** Failed or stuck jobs, newest first, paged (the back-office's jobs screen). */
  listJobs: (kind: JobListKind, page: { offset: number; limit: number }) => Promise<JobPage>
  /** Runs a failed job again from its first attempt. False when it is not failed (or unknown). */
  retry: (id: string) => Promise<boolean>
  /** Subscribes to job events; returns the unsubscribe function. */
  onEvent: (listener: (event: QueueEvent) => void) => () => void
  /** Starts running registered definitions that have handlers (plus `definitions`, registered first). */
  start: (definitions?: readonly AnyJobDefinition[], options?: StartOptions) => Promise<void>
  /** Stops taking jobs, waits for in-flight jobs (up to the drain timeout), releases connections. */
  close: () => Promise<void>
  /** Reachability of the backing store, for /readyz. */
  ping: () => Promise<void>
  /** Job counts and the oldest due job's wait, for `/metrics`. */
  stats: () => Promise<QueueStats>
}

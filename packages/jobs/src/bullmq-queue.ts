import { randomUUID } from 'node:crypto'
import { hostname } from 'node:os'
import { Queue as BullQueue, QueueEvents, UnrecoverableError, Worker, type Job } from 'bullmq'
import { deleteRedisKeys, withTimeout } from '@loa/service-kit'
import { Redis } from 'ioredis'
import {
  JobErrorCode,
  UnrecoverableJobError,
  assertSameJob,
  errorMessage,
  queueClosedError,
  queueUnavailableError,
} from './errors.ts'
import { EventHub, silentLogger } from './events.ts'
import { executeJob, timedOut } from './execute.ts'
import { JobRegistry, backoffDelay, maxAttemptsOf } from './registry.ts'
import type {
  AnyJobDefinition,
  JobInfo,
  JobLogger,
  JobProgress,
  JobState,
  Queue,
  StartOptions,
} from './types.ts'
import { STUCK_WAITING_MS } from './types.ts'

export interface BullmqQueueOptions {
  redisUrl: string
  logger?: JobLogger
  /** Redis key prefix (default `loa`); tests use a unique one. */
  prefix?: string
  /** BullMQ queue name (default `jobs`). */
  queueName?: string
  /** Lock duration of an active job; a worker that stops renewing it (killed) loses the job after about this long. */
  leaseMs?: number
  /** Graceful close waits this long for in-flight jobs before aborting them (default 30 s). */
  drainTimeoutMs?: number
  /** Completed jobs are kept this long for `getJob` (default 7 days); failed ones 30 days. */
  keepCompletedSeconds?: number
}

interface StoredData {
  v: number
  p: unknown
}

const CANCEL_POLL_MS = 500
/**
 * Longest wait for Redis in `enqueue` and `ping`: a request that needs the queue answers within 2 s. The queue's
 * connection retries forever (BullMQ needs that), so without this bound a command sent while Redis is down would
 * wait in ioredis's offline queue and run — and be charged for — when Redis returns.
 */
const REDIS_WAIT_MS = 1_000
/** Waiting jobs looked at (oldest first) when listing stuck ones. */
const STUCK_SCAN = 1_000
const CANCEL_TTL_SECONDS = 30 * 24 * 3600

const mapState = (state: string): JobState => {
  switch (state) {
    case 'active':
      return 'active'
    case 'completed':
      return 'completed'
    case 'failed':
      return 'failed'
    default:
      return 'waiting' // waiting, delayed, prioritized, waiting-children
  }
}

/**
 * BullMQ on Redis (scale mode): one BullMQ queue carries every job name; any number of `loa worker`
 * processes on any machine consume it. A killed worker stops renewing its lock and the job moves back to
 * wait (BullMQ's stalled-job check), so another worker finishes it — handlers must be idempotent.
 * Cancellation across processes uses a Redis key that the worker holding the job polls.
 */
export const createBullmqQueue = (options: BullmqQueueOptions): Queue => {
  const log = options.logger ?? silentLogger
  const prefix = options.prefix ?? 'loa'
  const queueName = options.queueName ?? 'jobs'
  const leaseMs = options.leaseMs ?? 30_000
  const drainTimeoutMs = options.drainTimeoutMs ?? 30_000
  const keepCompleted = options.keepCompletedSeconds ?? 7 * 24 * 3600
  const registry = new JobRegistry()
  const events = new EventHub(log)
  const workerName = `${hostname()}:${process.pid}`
  // BullMQ leaves connections it was given open on close; every one made here is tracked and quit in close().
  const connections: Redis[] = []
  const connect = () => {
    const connection = new Redis(options.redisUrl, { maxRetriesPerRequest: null })
    connection.on('error', (error) => log.warn({ err: error }, 'redis connection error'))
    connections.push(connection)
    return connection
  }
  const redis = connect()
  const bull = new BullQueue(queueName, { connection: redis, prefix })
  const cancelKey = (id: string) => `${prefix}:${queueName}:loa-cancel:${id}`
  const active = new Map<string, AbortController>()
  let worker: Worker | undefined
  let queueEvents: QueueEvents | undefined
  let cancelTimer: NodeJS.Timeout | undefined
  let closed = false

  /** `knownState`: the state read before the job's data (or 'waiting' right after an add). */
  const info = async (job: Job, knownState?: string): Promise<JobInfo> => {
    const data = job.data as StoredData
    const [state, cancelled] = await Promise.all([
      knownState ?? job.getState(),
      knownState === 'waiting' ? 0 : redis.exists(cancelKey(job.id!)),
    ])
    let mapped = mapState(state)
    if (cancelled && mapped !== 'completed') mapped = 'cancelled'
    return {
      id: job.id!,
      name: job.name,
      version: data.v,
      state: mapped,
      payload: data.p,
      attempts: job.attemptsStarted,
      maxAttempts: job.opts.attempts ?? 1,
      progress: typeof job.progress === 'number' && job.progress === 0 ? null : (job.progress as JobProgress),
      result: job.returnvalue ?? null,
      error: job.failedReason || null,
      createdAt: new Date(job.timestamp),
      finishedAt: job.finishedOn ? new Date(job.finishedOn) : null,
    }
  }

  /** Waits `REDIS_WAIT_MS` at most for the connection (first connect, or a reconnect), then for Redis's answer. */
  const whileConnected = async <T>(work: () => Promise<T>): Promise<T> => {
    if (redis.status !== 'ready' && !(await readyWithin(redis, REDIS_WAIT_MS)))
      throw queueUnavailableError(`redis is ${redis.status}`)
    try {
      return await withTimeout(work(), REDIS_WAIT_MS, 'redis did not answer')
    } catch (error) {
      if (error instanceof Error && error.message.startsWith('redis did not answer'))
        throw queueUnavailableError(errorMessage(error))
      throw error
    }
  }

  const getJob = async (id: string): Promise<JobInfo | null> => {
    // State first, then the job's data: a job finishing in between then still shows its result.
    const state = await bull.getJobState(id)
    const job = state === 'unknown' ? undefined : await bull.getJob(id)
    if (job) return info(job, state)
    const snapshot = await redis.get(cancelKey(id))
    return snapshot && snapshot !== '1' ? (JSON.parse(snapshot, reviveDates) as JobInfo) : null
  }

  const ensureQueueEvents = () => {
    if (queueEvents || closed) return
    const qe = new QueueEvents(queueName, { connection: connect(), prefix })
    queueEvents = qe
    qe.on('error', (error) => log.warn({ err: error }, 'queue events error'))
    const nameOf = async (jobId: string) => (await bull.getJob(jobId))?.name ?? 'unknown'
    const forward = (make: (name: string) => Parameters<EventHub['emit']>[0], jobId: string) =>
      void nameOf(jobId).then(
        (name) => events.emit(make(name)),
        () => undefined,
      )
    qe.on('added', ({ jobId }) => forward((name) => ({ type: 'enqueued', jobId, name }), jobId))
    qe.on('active', ({ jobId }) => forward((name) => ({ type: 'active', jobId, name, attempt: 0 }), jobId))
    qe.on('progress', ({ jobId, data }) =>
      forward((name) => ({ type: 'progress', jobId, name, progress: data as JobProgress }), jobId),
    )
    qe.on('completed', ({ jobId, returnvalue }) =>
      forward((name) => ({ type: 'completed', jobId, name, result: returnvalue }), jobId),
    )
    qe.on('failed', ({ jobId, failedReason }) =>
      forward(
        (name) =>
          failedReason === JobErrorCode.JOB_CANCELLED
            ? { type: 'cancelled', jobId, name }
            : { type: 'failed', jobId, name, error: failedReason },
        jobId,
      ),
    )
  }

  const processor = async (job: Job, _token?: string, signal?: AbortSignal): Promise<unknown> => {
    const data = job.data as StoredData
    const controller = new AbortController()
    signal?.addEventListener('abort', () => controller.abort(signal.reason), { once: true })
    active.set(job.id!, controller)
    try {
      const result = await executeJob(
        registry,
        {
          id: job.id!,
          name: job.name,
          version: data.v,
          payload: data.p,
          attempt: job.attemptsStarted,
          maxAttempts: job.opts.attempts ?? 1,
          worker: workerName,
          // BullMQ moved it back from a worker that stopped renewing its lock.
          takeover: job.stalledCounter > 0,
        },
        { signal: controller.signal, log, progress: (value: JobProgress) => job.updateProgress(value) },
      )
      if (await redis.exists(cancelKey(job.id!))) throw new UnrecoverableError(JobErrorCode.JOB_CANCELLED)
      return result
    } catch (error) {
      if (await redis.exists(cancelKey(job.id!))) throw new UnrecoverableError(JobErrorCode.JOB_CANCELLED)
      if (error instanceof UnrecoverableJobError) throw new UnrecoverableError(error.message)
      throw error
    } finally {
      active.delete(job.id!)
    }
  }

  const pollCancellations = async () => {
    const ids = [...active.keys()]
    if (ids.length === 0) return
    const flags = await redis.mget(ids.map(cancelKey))
    ids.forEach((id, i) => {
      if (flags[i]) active.get(id)?.abort(new Error('cancelled'))
    })
  }

  return {
    kind: 'bullmq',
    register: (definitions) => registry.register(definitions),
    enqueue: async (nameOrSpec, payload, enqueueOptions = {}) => {
      if (closed) throw queueClosedError()
      const prepared = registry.prepare(nameOrSpec, payload, enqueueOptions)
      const spec = prepared.spec
      const jobId = enqueueOptions.jobId ?? randomUUID()
      return whileConnected(async () => {
        const existing = await bull.getJob(jobId)
        if (existing) {
          assertSameJob(jobId, existing.name, spec.name)
          return info(existing)
        }
        const backoff = spec.backoff ?? { type: 'exponential' as const, delayMs: backoffDelay(spec, 1) }
        const job = await bull.add(spec.name, { v: spec.version, p: prepared.payload } satisfies StoredData, {
          jobId,
          delay: enqueueOptions.delayMs ?? 0,
          // BullMQ runs lower numbers first; every job gets one so FIFO holds within a priority.
          priority: 1001 - (enqueueOptions.priority ?? 0),
          attempts: maxAttemptsOf(spec),
          backoff: { type: backoff.type, delay: backoff.delayMs },
          removeOnComplete: { age: keepCompleted },
          removeOnFail: { age: keepCompleted * 4 },
        })
        return info(job, 'waiting')
      })
    },
    getJob,
    cancel: async (id) => {
      const job = await bull.getJob(id)
      if (!job) return false
      const state = await job.getState()
      if (state === 'completed' || state === 'failed' || (await redis.exists(cancelKey(id)))) return false
      if (state === 'active') {
        await redis.set(cancelKey(id), '1', 'EX', CANCEL_TTL_SECONDS)
        return true
      }
      const snapshot: JobInfo = { ...(await info(job)), state: 'cancelled', finishedAt: new Date() }
      await redis.set(cancelKey(id), JSON.stringify(snapshot), 'EX', CANCEL_TTL_SECONDS)
      try {
        await job.remove()
      } catch (error) {
        // It became active in between: the worker holding it sees the key and stops.
        log.info({ jobId: id, err: error }, 'cancel raced with a worker; signalling it')
      }
      events.emit({ type: 'cancelled', jobId: id, name: job.name })
      return true
    },
    listJobs: async (kind, page) => {
      if (kind === 'failed') {
        const [jobsPage, total] = await Promise.all([
          bull.getJobs(['failed'], page.offset, page.offset + page.limit - 1, false),
          bull.getJobCountByTypes('failed'),
        ])
        return { total, items: await Promise.all(jobsPage.map((j) => info(j, 'failed'))) }
      }
      // BullMQ moves stalled active jobs back by itself: stuck here means waiting long past due.
      const due = Date.now() - STUCK_WAITING_MS
      const waiting = (await bull.getJobs(['wait', 'prioritized'], 0, STUCK_SCAN - 1, true)).filter(
        (j) => j.timestamp + (j.opts.delay ?? 0) < due,
      )
      const items = waiting.slice(page.offset, page.offset + page.limit)
      return { total: waiting.length, items: await Promise.all(items.map((j) => info(j, 'waiting'))) }
    },
    retry: async (id) => {
      const job = await bull.getJob(id)
      if (!job || (await job.getState()) !== 'failed') return false
      await redis.del(cancelKey(id))
      await job.retry('failed')
      return true
    },
    onEvent: (listener) => {
      ensureQueueEvents()
      return events.on(listener)
    },
    start: async (definitions: readonly AnyJobDefinition[] = [], startOptions: StartOptions = {}) => {
      if (closed) throw queueClosedError()
      if (worker) return
      registry.register(definitions)
      worker = new Worker(queueName, processor, {
        connection: connect(),
        prefix,
        concurrency: Math.max(1, startOptions.concurrency ?? 2),
        lockDuration: leaseMs,
        stalledInterval: Math.max(1_000, Math.floor(leaseMs / 2)),
        maxStalledCount: 2,
      })
      worker.on('error', (error) => log.warn({ err: error }, 'bullmq worker error'))
      worker.on('failed', (job, error) => {
        if (job) log.warn({ jobId: job.id, job: job.name, err: error }, 'job attempt failed')
      })
      await worker.waitUntilReady()
      cancelTimer = setInterval(() => {
        pollCancellations().catch((error: unknown) => log.warn({ err: error }, 'cancel poll failed'))
      }, CANCEL_POLL_MS)
    },
    close: async () => {
      if (closed) return
      closed = true
      clearInterval(cancelTimer)
      if (worker) {
        const w = worker
        if (await timedOut(w.close(), drainTimeoutMs)) {
          log.warn({ jobs: [...active.keys()] }, 'drain timeout: aborting jobs; another worker retries them')
          for (const c of active.values()) c.abort(new Error('shutting down'))
          await w.close(true)
        }
      }
      await queueEvents?.close()
      await bull.close()
      await Promise.all(connections.map((c) => c.quit().catch(() => c.disconnect())))
    },
    stats: () =>
      whileConnected(async () => {
        const [counts, oldest] = await Promise.all([
          bull.getJobCounts('waiting', 'prioritized', 'delayed', 'active', 'failed'),
          bull.getJobs(['wait', 'prioritized'], 0, 0, true),
        ])
        const first = oldest[0]
        const due = first ? first.timestamp + (first.opts.delay ?? 0) : Date.now()
        return {
          counts: {
            waiting: (counts.waiting ?? 0) + (counts.prioritized ?? 0) + (counts.delayed ?? 0),
            active: counts.active ?? 0,
            failed: counts.failed ?? 0,
          },
          oldestWaitingSeconds: Math.max(0, (Date.now() - due) / 1000),
        }
      }),
    ping: () =>
      whileConnected(async () => {
        if ((await redis.ping()) !== 'PONG') throw new Error('redis did not answer PONG')
      }),
  }
}

/** Resolves true once the connection is ready, false after `ms` (or at once when it was closed for good). */
const readyWithin = (redis: Redis, ms: number): Promise<boolean> =>
  redis.status === 'end'
    ? Promise.resolve(false)
    : new Promise((resolve) => {
        const ready = () => {
          clearTimeout(timer)
          resolve(true)
        }
        const timer = setTimeout(() => {
          redis.off('ready', ready)
          resolve(false)
        }, ms)
        redis.once('ready', ready)
      })

const reviveDates = (key: string, value: unknown): unknown =>
  (key === 'createdAt' || key === 'finishedAt') && typeof value === 'string' ? new Date(value) : value

/** Deletes every Redis key under a BullMQ prefix (tests and `QUEUE_PREFIX` clean-ups). Returns how many. */
export const deleteBullmqKeys = (redisUrl: string, prefix: string): Promise<number> =>
  deleteRedisKeys(redisUrl, `${prefix}:`)

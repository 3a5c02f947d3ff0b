import { randomUUID } from 'node:crypto'
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm'
import { queryRows, queue as queueTables, type Database } from '@loa/db'
import {
  JobError,
  JobErrorCode,
  UnrecoverableJobError,
  assertSameJob,
  errorMessage,
  queueClosedError,
} from './errors.ts'
import { EventHub, silentLogger } from './events.ts'
import { executeJob, timedOut } from './execute.ts'
import { inProcessOperations, toInfo } from './in-process-operations.ts'
import { JobRegistry, backoffDelay, maxAttemptsOf } from './registry.ts'
import { wakeableDelay } from './watch.ts'
import type {
  AnyJobDefinition,
  JobInfo,
  JobLogger,
  JobProgress,
  Queue,
  QueueEvent,
  StartOptions,
} from './types.ts'

const { jobs } = queueTables

export interface InProcessQueueOptions {
  database: Database
  logger?: JobLogger
  /** How long a claimed job stays ours without a heartbeat (default 30 s). */
  leaseMs?: number
  /** Idle polling interval for jobs enqueued by other processes or becoming due (default 500 ms). */
  pollMs?: number
  /** Graceful close waits this long for in-flight jobs before aborting them (default 30 s). */
  drainTimeoutMs?: number
  /**
   * At start, put every `active` job back to `waiting` at once. Right when this process is the only one on
   * the database (embedded PGlite): such jobs were interrupted by a stop or crash. Default: on for PGlite.
   */
  recoverActiveOnStart?: boolean
  /** Identifies this runner in `locked_by` (default: pid + random). */
  workerId?: string
}

interface Row {
  id: string
  name: string
  version: number
  payload: unknown
  state: string
  attempts: number
  max_attempts: number
  taken_over: boolean
}

/**
 * The embedded queue: jobs are rows in `queue.jobs`, so they survive restarts. A runner claims a due job
 * with `FOR UPDATE SKIP LOCKED` and a lease it renews while the handler runs; a job whose lease expired
 * (its process died) is claimed again. Works on PGlite and on PostgreSQL (several processes may share it).
 */
export const createInProcessQueue = (options: InProcessQueueOptions): Queue => {
  const { database } = options
  const db = database.db
  const log = options.logger ?? silentLogger
  const leaseMs = options.leaseMs ?? 30_000
  const pollMs = options.pollMs ?? 500
  const drainTimeoutMs = options.drainTimeoutMs ?? 30_000
  const recoverActive = options.recoverActiveOnStart ?? database.kind === 'pglite'
  const workerId = options.workerId ?? `${process.pid}-${randomUUID().slice(0, 8)}`
  const registry = new JobRegistry()
  const events = new EventHub(log)
  const inFlight = new Map<string, { controller: AbortController; done: Promise<void> }>()

  let running = false
  let closed = false
  let concurrency = 2
  let wake: (() => void) | undefined
  let loop: Promise<void> | undefined

  const emit = (event: QueueEvent) => events.emit(event)
  const poke = () => wake?.()

  const getJob = async (id: string): Promise<JobInfo | null> => {
    const [row] = await db.select().from(jobs).where(eq(jobs.id, id)).limit(1)
    return row ? toInfo(row) : null
  }

  const claim = async (): Promise<Row | undefined> => {
    const names = registry.handlerNames()
    if (names.length === 0) return undefined
    // `taken_over`: the row was active under another runner whose lease ran out (that process died).
    const rows = await queryRows<Row>(
      db,
      sql`
      update queue.jobs j set
        state = 'active', attempts = j.attempts + 1, locked_by = ${workerId},
        locked_until = now() + make_interval(secs => ${leaseMs / 1000}), updated_at = now()
      from (
        select id, state = 'active' as taken_over from queue.jobs
        where name in (${sql.join(
          names.map((n) => sql`${n}`),
          sql`, `,
        )})
          and ((state = 'waiting' and run_at <= now()) or (state = 'active' and locked_until < now()))
        order by priority desc, run_at, created_at
        limit 1
        for update skip locked
      ) claimed
      where j.id = claimed.id
      returning j.id, j.name, j.version, j.payload, j.state, j.attempts, j.max_attempts, claimed.taken_over`,
    )
    return rows[0]
  }

  /** Updates a row we hold; false when we lost it (cancelled, or lease taken over). */
  const updateHeld = async (id: string, set: Partial<typeof jobs.$inferInsert>): Promise<boolean> => {
    const rows = await db
      .update(jobs)
      .set({ ...set, updatedAt: sql`now()` as unknown as Date })
      .where(and(eq(jobs.id, id), eq(jobs.state, 'active'), eq(jobs.lockedBy, workerId)))
      .returning({ id: jobs.id })
    return rows.length > 0
  }

  /** Puts active jobs (all, or those `where` picks) back to waiting, due now; the interrupted attempt is not counted. */
  const requeueActive = (where?: SQL) =>
    db
      .update(jobs)
      .set({
        state: 'waiting',
        lockedBy: null,
        lockedUntil: null,
        attempts: sql`greatest(${jobs.attempts} - 1, 0)` as unknown as number,
        runAt: sql`now()` as unknown as Date,
        updatedAt: sql`now()` as unknown as Date,
      })
      .where(and(eq(jobs.state, 'active'), where))
      .returning({ id: jobs.id })

  const runJob = async (row: Row, controller: AbortController): Promise<void> => {
    const attempt = row.attempts
    const maxAttempts = row.max_attempts
    emit({ type: 'active', jobId: row.id, name: row.name, attempt })
    const heartbeat = setInterval(
      () => {
        void queryRows<{ state: string }>(
          db,
          sql`update queue.jobs set locked_until = now() + make_interval(secs => ${leaseMs / 1000})
              where id = ${row.id} and locked_by = ${workerId} returning state`,
        )
          .then((rows) => {
            if (rows.length === 0 || rows[0]?.state === 'cancelled') controller.abort(new Error('cancelled'))
          })
          .catch((error: unknown) => log.warn({ err: error, jobId: row.id }, 'job heartbeat failed'))
      },
      Math.max(50, Math.floor(leaseMs / 3)),
    )
    try {
      if (attempt > maxAttempts)
        throw new UnrecoverableJobError('the worker running this job stopped and no attempts are left')
      const result = await executeJob(
        registry,
        {
          id: row.id,
          name: row.name,
          version: row.version,
          payload: row.payload,
          attempt,
          maxAttempts,
          worker: workerId,
          takeover: row.taken_over,
        },
        {
          signal: controller.signal,
          log,
          progress: async (progress: JobProgress) => {
            if (await updateHeld(row.id, { progress }))
              emit({ type: 'progress', jobId: row.id, name: row.name, progress })
          },
        },
      )
      if (controller.signal.aborted && (await getJob(row.id))?.state === 'cancelled') {
        emit({ type: 'cancelled', jobId: row.id, name: row.name })
        return
      }
      if (
        await updateHeld(row.id, {
          state: 'completed',
          result: result as object,
          error: null,
          lockedBy: null,
          lockedUntil: null,
          finishedAt: sql`now()` as unknown as Date,
        })
      )
        emit({ type: 'completed', jobId: row.id, name: row.name, result })
    } catch (error) {
      const message = errorMessage(error)
      const current = await getJob(row.id).catch(() => null)
      if (current?.state === 'cancelled') {
        emit({ type: 'cancelled', jobId: row.id, name: row.name })
        return
      }
      if (closed && controller.signal.aborted) return // released by close(); resumed at next start
      const final = error instanceof UnrecoverableJobError || attempt >= maxAttempts
      if (final) {
        log.error({ jobId: row.id, job: row.name, attempt, err: error }, 'job failed')
        if (
          await updateHeld(row.id, {
            state: 'failed',
            error: message,
            lockedBy: null,
            lockedUntil: null,
            finishedAt: sql`now()` as unknown as Date,
          })
        )
          emit({ type: 'failed', jobId: row.id, name: row.name, error: message })
      } else {
        const delayMs = backoffDelay(registry.spec(row.name)!, attempt)
        log.warn({ jobId: row.id, job: row.name, attempt, delayMs, err: error }, 'job failed; will retry')
        if (
          await updateHeld(row.id, {
            state: 'waiting',
            error: message,
            lockedBy: null,
            lockedUntil: null,
            runAt: sql`now() + make_interval(secs => ${delayMs / 1000})` as unknown as Date,
          })
        )
          emit({ type: 'retrying', jobId: row.id, name: row.name, attempt, error: message, delayMs })
      }
    } finally {
      clearInterval(heartbeat)
    }
  }

  const runLoop = async (): Promise<void> => {
    while (running) {
      let claimed: Row | undefined
      if (inFlight.size < concurrency) {
        try {
          claimed = await claim()
        } catch (error) {
          if (!running) break
          log.error({ err: error }, 'claiming a job failed')
        }
      }
      if (claimed) {
        const row = claimed
        const controller = new AbortController()
        const done = runJob(row, controller)
          .catch((error: unknown) => log.error({ err: error, jobId: row.id }, 'job bookkeeping failed'))
          .finally(() => {
            inFlight.delete(row.id)
            poke()
          })
        inFlight.set(row.id, { controller, done })
        continue
      }
      const delay = wakeableDelay(pollMs)
      wake = delay.wake
      await delay.done
      wake = undefined
    }
  }

  return {
    kind: 'in-process',
    register: (definitions) => registry.register(definitions),
    enqueue: async (nameOrSpec, payload, enqueueOptions = {}) => {
      if (closed) throw queueClosedError()
      const prepared = registry.prepare(nameOrSpec, payload, enqueueOptions)
      const id = enqueueOptions.jobId ?? randomUUID()
      const delay = (enqueueOptions.delayMs ?? 0) / 1000
      const inserted = await db
        .insert(jobs)
        .values({
          id,
          name: prepared.spec.name,
          version: prepared.spec.version,
          payload: prepared.payload as object,
          state: 'waiting',
          priority: enqueueOptions.priority ?? 0,
          maxAttempts: maxAttemptsOf(prepared.spec),
          runAt: sql`now() + make_interval(secs => ${delay})` as unknown as Date,
        })
        .onConflictDoNothing({ target: jobs.id })
        .returning()
      if (inserted[0]) {
        emit({ type: 'enqueued', jobId: id, name: prepared.spec.name })
        poke()
        return toInfo(inserted[0])
      }
      const existing = await getJob(id)
      if (!existing) throw new JobError(JobErrorCode.JOB_ID_INVALID, `job '${id}' vanished while enqueuing`)
      assertSameJob(id, existing.name, prepared.spec.name)
      return existing
    },
    getJob,
    cancel: async (id) => {
      const rows = await db
        .update(jobs)
        .set({
          state: 'cancelled',
          lockedUntil: null,
          finishedAt: sql`now()` as unknown as Date,
          updatedAt: sql`now()` as unknown as Date,
        })
        .where(and(eq(jobs.id, id), inArray(jobs.state, ['waiting', 'active'])))
        .returning({ name: jobs.name, lockedBy: jobs.lockedBy })
      const row = rows[0]
      if (!row) return false
      const local = inFlight.get(id)
      if (local) local.controller.abort(new Error('cancelled'))
      else emit({ type: 'cancelled', jobId: id, name: row.name })
      return true
    },
    ...inProcessOperations(db, poke),
    onEvent: (listener) => events.on(listener),
    start: async (definitions: readonly AnyJobDefinition[] = [], startOptions: StartOptions = {}) => {
      if (closed) throw queueClosedError()
      if (running) return
      registry.register(definitions)
      concurrency = Math.max(1, startOptions.concurrency ?? 2)
      if (recoverActive) {
        const recovered = await requeueActive()
        if (recovered.length)
          log.info({ jobs: recovered.map((r) => r.id) }, 'resuming jobs interrupted by the last stop')
      }
      running = true
      loop = runLoop()
    },
    close: async () => {
      if (closed) return
      closed = true
      running = false
      poke()
      await loop
      const pending = [...inFlight.values()]
      if (pending.length) {
        log.info({ jobs: [...inFlight.keys()] }, 'waiting for in-flight jobs')
        if (await timedOut(Promise.all(pending.map((p) => p.done)), drainTimeoutMs)) {
          log.warn({ jobs: [...inFlight.keys()] }, 'drain timeout: aborting jobs; they resume at next start')
          for (const p of inFlight.values()) p.controller.abort(new Error('shutting down'))
          await timedOut(Promise.all([...inFlight.values()].map((p) => p.done)), 2_000)
          await requeueActive(eq(jobs.lockedBy, workerId))
        }
      }
    },
    ping: () => database.ping(),
  }
}

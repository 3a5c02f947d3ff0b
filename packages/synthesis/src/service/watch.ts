import { app as t, type Database } from '@loa/db'
import { watchRecord, type Queue } from '@loa/jobs'
import { eq } from 'drizzle-orm'
import { summaryColumns, type SynthesisSummaryRow } from './rows.ts'
import { onRequestSignal } from './signals.ts'

/** How often a watcher re-reads the row when nothing woke it (writers in another replica). */
export const WATCH_POLL_MS = 1_000

export interface WatchOptions {
  /** Stops the watch (the client went away). */
  signal?: AbortSignal
  pollMs?: number
  /** The job queue: its events for the request's job (id = request id) wake the watcher, across replicas with BullMQ. */
  queue?: Pick<Queue, 'onEvent'>
}

/**
 * The states of request `id` as they change: the row now, then every new progress or audio part, ending with the final
 * status (SUCCESS, FAILURE, CANCELLED). Ends early when the request is deleted or `signal` aborts. A watcher
 * reads the row when a writer in this process signals it, when the queue reports on the request's job, and
 * every `pollMs` otherwise — one cheap primary-key read, never a busy loop.
 */
export async function* watchRequest(
  database: Pick<Database, 'db'>,
  id: string,
  options: WatchOptions = {},
): AsyncGenerator<SynthesisSummaryRow> {
  const { db } = database
  const { queue } = options
  yield* watchRecord({
    read: async () => {
      const [row] = await db
        .select(summaryColumns)
        .from(t.synthesisRequests)
        .where(eq(t.synthesisRequests.id, id))
      return row && !row.deletedAt ? row : undefined
    },
    // A new audio part is news too: the studio plays parts while the request renders (issue 31).
    stateOf: (row) => `${row.status}:${row.progress}:${row.audioParts}`,
    isFinal: (row) => row.status !== 'IN_PROGRESS',
    pollMs: options.pollMs ?? WATCH_POLL_MS,
    signal: options.signal,
    wakeOn: [
      (wake) => onRequestSignal(db, id, wake),
      (wake) =>
        queue?.onEvent((event) => {
          if (event.jobId === id && event.type !== 'enqueued') wake()
        }) ?? (() => undefined),
    ],
  })
}

import { and, count, desc, eq, inArray, lt, or, sql, type SQL } from 'drizzle-orm'
import { queue as queueTables, type Database } from '@loa/db'
import {
  STUCK_WAITING_MS,
  type JobInfo,
  type JobListKind,
  type JobProgress,
  type JobState,
  type Queue,
} from './types.ts'

const { jobs } = queueTables

export const toInfo = (row: typeof jobs.$inferSelect): JobInfo => ({
  id: row.id,
  name: row.name,
  version: row.version,
  state: row.state as JobState,
  payload: row.payload,
  attempts: row.attempts,
  maxAttempts: row.maxAttempts,
  progress: (row.progress as JobProgress | null) ?? null,
  result: row.result ?? null,
  error: row.error,
  createdAt: row.createdAt,
  finishedAt: row.finishedAt,
})

const whereKind = (kind: JobListKind): SQL =>
  kind === 'failed'
    ? eq(jobs.state, 'failed')
    : or(
        // Active with a lease nobody renewed (its process died and no runner has taken it back).
        and(eq(jobs.state, 'active'), lt(jobs.lockedUntil, sql`now()`)),
        and(
          eq(jobs.state, 'waiting'),
          lt(jobs.runAt, sql`now() - make_interval(secs => ${STUCK_WAITING_MS / 1000})`),
        ),
      )!

/** The operator's side of the in-process queue: list failed / stuck rows, run a failed one again. */
export const inProcessOperations = (
  db: Database['db'],
  poke: () => void,
): Pick<Queue, 'listJobs' | 'retry' | 'stats'> => ({
  stats: async () => {
    const [rows, [oldest]] = await Promise.all([
      db
        .select({ state: jobs.state, n: count() })
        .from(jobs)
        .where(inArray(jobs.state, ['waiting', 'active', 'failed']))
        .groupBy(jobs.state),
      db
        .select({ seconds: sql<number>`coalesce(extract(epoch from now() - min(${jobs.runAt})), 0)::float8` })
        .from(jobs)
        .where(and(eq(jobs.state, 'waiting'), lt(jobs.runAt, sql`now()`))),
    ])
    const counts = { waiting: 0, active: 0, failed: 0 }
    for (const row of rows) counts[row.state as keyof typeof counts] = row.n
    return { counts, oldestWaitingSeconds: Number(oldest?.seconds ?? 0) }
  },
  listJobs: async (kind, page) => {
    const where = whereKind(kind)
    const [rows, [total]] = await Promise.all([
      db.select().from(jobs).where(where).orderBy(desc(jobs.updatedAt)).offset(page.offset).limit(page.limit),
      db.select({ n: count() }).from(jobs).where(where),
    ])
    return { total: total?.n ?? 0, items: rows.map(toInfo) }
  },
  retry: async (id) => {
    const rows = await db
      .update(jobs)
      .set({
        state: 'waiting',
        attempts: 0,
        error: null,
        result: null,
        progress: null,
        lockedBy: null,
        lockedUntil: null,
        finishedAt: null,
        runAt: sql`now()` as unknown as Date,
        updatedAt: sql`now()` as unknown as Date,
      })
      .where(and(eq(jobs.id, id), inArray(jobs.state, ['failed'])))
      .returning({ id: jobs.id })
    if (rows.length) poke()
    return rows.length > 0
  },
})
